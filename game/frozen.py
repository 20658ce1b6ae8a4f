"""What the few value classes read before the first frame share, written out instead of
``@dataclass(frozen=True)`` (issue #37): ``dataclass()`` compiles each class's
``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and ``__setattr__`` from source text
when its module is imported, ~0.3 ms a class, before the window could show anything.
A class written with these behaves as the frozen dataclass it was: its fields are set
once in ``__init__``, assigning or deleting one raises ``FrozenInstanceError``, and its
repr is ``Name(field=value, ...)``; each class compares and hashes its own fields."""

from __future__ import annotations

from dataclasses import FrozenInstanceError


def set_fields(obj: object, **values: object) -> None:
    """A frozen instance's fields set, once, from its ``__init__``."""
    for name, value in values.items():
        object.__setattr__(obj, name, value)


def refuse_set(self: object, name: str, value: object) -> None:
    """``__setattr__`` of a frozen class."""
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def refuse_delete(self: object, name: str) -> None:
    """``__delattr__`` of a frozen class."""
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def fields_repr(obj: object, names: tuple[str, ...]) -> str:
    """``Name(field=value, ...)``: a dataclass's repr."""
    shown = ", ".join(f"{name}={getattr(obj, name)!r}" for name in names)
    return f"{obj.__class__.__qualname__}({shown})"


class FrozenValue:
    """The base of a frozen value class written out: compared and hashed by its fields
    (``__match_args__`` in order, but those named in ``_uncompared``), refusing to be
    changed, shown as ``Name(field=value, ...)``. A class of another class never equals
    it, as dataclasses do. Each subclass writes its ``__init__`` with :func:`set_fields`."""

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()
    _uncompared: frozenset[str] = frozenset()

    def _fields(self) -> tuple:
        return tuple(getattr(self, n) for n in self.__match_args__ if n not in self._uncompared)

    __setattr__ = refuse_set
    __delattr__ = refuse_delete

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return fields_repr(self, self.__match_args__)
