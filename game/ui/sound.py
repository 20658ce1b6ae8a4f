"""Sound effects synthesized at start-up (no files, no numpy): 16-bit mono samples built
with the array module and handed to pygame.mixer.Sound(buffer=...). Without an audio
device every call is a silent no-op, so the game runs on any machine."""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    import threading
    from array import array

RATE = 22050


def _envelope(i: int, n: int, attack: float = 0.01, release: float = 0.3) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack else 1.0
    r = min(1.0, (n - i) / (RATE * release)) if release else 1.0
    return a * r


class Cancelled(Exception):
    """The app is closing: stop synthesizing."""


# The synthesis thread's own stop flag (set by its Sounds.stop()): every tone being made
# on that thread checks it, so the thread ends within a few milliseconds of the app asking
# it to (before pygame.quit()). Thread-local: a synthesize() called on any other thread
# (a test, a tool) is never cancelled by an app that stopped before it.
@cache
def _synth() -> threading.local:
    import threading  # start-up: threads only after the first frame (issue #37)

    return threading.local()


def _tone(
    duration: float,
    freq,
    volume: float = 0.5,
    wave: str = "sine",
    noise: float = 0.0,
    seed: int = 1,
    attack=0.01,
    release=0.2,
) -> array:
    n = int(RATE * duration)
    rng = random.Random(seed)
    out = _samples()
    phase = 0.0
    for i in range(n):
        if i % 2048 == 0:
            cancel = getattr(_synth(), "cancel", None)
            if cancel is not None and cancel.is_set():
                raise Cancelled
            time.sleep(0)  # let the main thread draw: synthesis runs beside the game
        f = freq(i / n) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        if wave == "square":
            v = 1.0 if math.sin(phase) >= 0 else -1.0
        elif wave == "saw":
            v = 2.0 * ((phase / (2 * math.pi)) % 1.0) - 1.0
        else:
            v = math.sin(phase)
        if noise:
            v = v * (1 - noise) + (rng.random() * 2 - 1) * noise
        out.append(int(32767 * volume * v * _envelope(i, n, attack, release)))
    return out


def _samples(values: bytes | Iterable[int] = b"") -> array:
    """16-bit samples: zeros for ``bytes``, else the values."""
    from array import array  # start-up: an extension module, needed after the first frame

    return array("h", values)


def _concat(*parts: array) -> array:
    out = _samples()
    for part in parts:
        out.extend(part)
    return out


def _mix(*parts: array) -> array:
    """Samples played together (clipped to 16 bits), as long as the longest."""
    out = _samples(bytes(2 * max(len(p) for p in parts)))
    for part in parts:
        for i, v in enumerate(part):
            out[i] = max(-32767, min(32767, out[i] + v))
    return out


def fanfare() -> array:
    """The end screen's short fanfare (issue #27): a rising call of three notes, a held
    chord over its top note, on two voices (~1.3 s)."""
    call = [(0.12, 392.0), (0.12, 523.25), (0.12, 659.25), (0.2, 783.99)]
    lead = _concat(
        *(_tone(d, f, 0.22, "square", 0.0, 20 + i, 0.005, 0.05) for i, (d, f) in enumerate(call))
    )
    chord = _mix(
        _tone(0.7, 1046.5, 0.2, "square", 0.0, 30, 0.01, 0.45),
        _tone(0.7, 783.99, 0.16, "sine", 0.0, 31, 0.01, 0.45),
        _tone(0.7, 659.25, 0.16, "sine", 0.0, 32, 0.01, 0.45),
    )
    return _concat(lead, chord)


def synthesize() -> dict[str, array]:
    """Every effect the games use, as raw samples."""
    return {
        "quack": _concat(
            _tone(0.09, lambda t: 520 - 180 * t, 0.35, "saw", 0.15, 2, 0.005, 0.04),
            _tone(0.11, lambda t: 470 - 200 * t, 0.35, "saw", 0.15, 3, 0.005, 0.06),
        ),
        "bonk": _tone(0.16, lambda t: 180 - 110 * t, 0.55, "sine", 0.05, 4, 0.002, 0.12),
        "splash": _tone(0.45, lambda t: 300 + 200 * (1 - t), 0.35, "sine", 0.85, 5, 0.01, 0.35),
        "bark": _concat(
            _tone(0.12, lambda t: 330 - 120 * t, 0.45, "square", 0.35, 6, 0.004, 0.06),
            _samples(bytes(2 * int(RATE * 0.06))),
            _tone(0.14, lambda t: 300 - 130 * t, 0.45, "square", 0.35, 7, 0.004, 0.08),
        ),
        "win": _concat(
            *(_tone(0.14, f, 0.3, "square", 0.0, 8, 0.005, 0.05) for f in (523.25, 659.25, 783.99)),
            _tone(0.4, 1046.5, 0.3, "square", 0.0, 9, 0.005, 0.3),
        ),
        "fanfare": fanfare(),
        "click": _tone(0.03, 900, 0.25, "sine", 0.0, 10, 0.001, 0.02),
        "dice": _tone(0.25, 700, 0.3, "sine", 0.9, 11, 0.001, 0.1),
        "chirp": _tone(
            0.12, lambda t: 1800 + 900 * math.sin(t * 12), 0.25, "sine", 0.0, 12, 0.005, 0.05
        ),
        "pop": _tone(0.06, lambda t: 400 + 900 * t, 0.35, "sine", 0.0, 13, 0.001, 0.04),
        "slide": _tone(0.2, lambda t: 250 + 100 * t, 0.2, "sine", 0.6, 14, 0.02, 0.1),
    }


def _warn(message: str, *args: object) -> None:
    """A warning in the log, as the logger ``game.ui.sound``."""
    import logging  # start-up: the first frame logs nothing (logging is ms of imports)

    logging.getLogger(__name__).warning(message, *args)


@contextmanager
def c_stderr_quiet() -> Iterator[None]:
    """The C libraries' own complaints go nowhere for a moment: ALSA writes every failed
    probe of a missing sound card to the process's stderr (nine lines on a machine
    without one) while the mixer opens. Python's own writes are flushed first and the
    stream is put back after; the one line a player may want is ``_build``'s "no
    sound". (A ctypes error handler for ALSA would be called back into Python from
    SDL's audio thread, holding SDL's lock while waiting for the interpreter's: a
    deadlock at exit was seen; swapping the file descriptor has no callback.)"""
    if not sys.platform.startswith("linux"):
        yield
        return
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(quiet, 2)
        finally:
            os.close(quiet)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sounds:
    """Built on a background thread so the first frame is not kept waiting for the audio
    device and the synthesis; an effect asked for before then is simply not heard.

    ``stop()`` ends that thread and waits for it: the app calls it before
    ``pygame.quit()``, so the thread never touches the mixer while SDL shuts down (a
    quick start-and-quit once printed "Exception in thread sound-synth")."""

    def __init__(self, volume: float = 0.7):
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self._started = False
        self._thread: threading.Thread | None = None
        self._cancel: threading.Event | None = None  # made by start()

    def start(self, background: bool = True) -> None:
        """Open the audio device and make the effects (the app calls this after its
        first frame is on screen)."""
        if self._started:
            return
        self._started = True
        import threading  # start-up: the app starts its sounds after the first frame

        self._cancel = threading.Event()
        _synth()  # made here, on the app's thread, before the synthesis thread asks for it
        if background:
            self._thread = threading.Thread(target=self._build, name="sound-synth", daemon=True)
            self._thread.start()
        else:
            self._build()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop making sounds and wait for the synthesis thread to end."""
        thread, self._thread = self._thread, None
        if thread is not None and thread.is_alive() and self._cancel is not None:
            self._cancel.set()
            thread.join(timeout)

    def _build(self) -> None:
        _synth().cancel = self._cancel  # this thread's tones check this Sounds' flag
        try:
            self._make()
        finally:
            _synth().cancel = None

    def _make(self) -> None:
        sounds = {}
        try:
            with c_stderr_quiet():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
            if init is None:
                _warn("no sound: the audio device opened with nothing to play on")
                return
            _, _, channels = init
            for name, samples in synthesize().items():
                if channels > 1:
                    samples = _samples(v for v in samples for _ in range(channels))
                sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
        except pygame.error as exc:  # no audio device: play silently, say it once
            _warn("no sound: %s", str(exc)[:200] or "no audio device")
            return
        except Cancelled:
            return  # the app is closing
        self.sounds = sounds

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is not None and self.volume > 0:
            sound.set_volume(self.volume)
            sound.play()
