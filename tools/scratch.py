"""Temporary folders for the tools, removed when the tool's process ends: a benchmark or
a check leaves nothing behind in /tmp (issue #14)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path


def scratch_dir(prefix: str = "derby-tool-") -> Path:
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder
