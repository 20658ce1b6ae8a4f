"""The Duck! Duck! Go! board builder (issue #41): scene.py draws it, model.py holds it."""
