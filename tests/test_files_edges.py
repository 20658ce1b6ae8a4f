"""Edges of game.storage the other tests pass by (issue #30: one-line bugs a developer could
plant there): the size limit at its byte, files larger than one read, special files, and
values shortened for messages. Headless, in process."""

from __future__ import annotations

import errno
import os
import sys

import pytest

from game.storage import (
    PARSE_ERRORS,
    UnreadableFile,
    clip,
    is_regular_file,
    read_bounded,
    read_bounded_text,
)


def test_a_file_of_exactly_its_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    """Rule: ``limit`` bytes are read; ``limit + 1`` is too large, with EFBIG and a
    message giving the limit as a person reads numbers."""
    path = tmp_path / "f"
    path.write_bytes(b"x" * 1000)
    assert read_bounded(path, 1000) == b"x" * 1000
    with pytest.raises(UnreadableFile) as info:
        read_bounded(path, 999)
    assert info.value.errno == errno.EFBIG
    assert info.value.strerror == "larger than 999 bytes, more than this kind of file can be"
    assert info.value.filename == str(path)
    assert read_bounded(tmp_path / "f", 1001) == b"x" * 1000


def test_an_empty_file_is_read_as_nothing(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"")
    assert read_bounded(path, 0) == b""
    assert read_bounded(path, 10) == b""


def test_a_file_larger_than_one_read_is_read_whole(tmp_path):
    """Rule: a file is read in pieces of at most 1 MiB until its end or its limit:
    several pieces come back whole and in order."""
    data = os.urandom(1 << 20) + b"middle" + os.urandom((1 << 20) + 12345)
    path = tmp_path / "big"
    path.write_bytes(data)
    assert read_bounded(path, len(data)) == data
    assert read_bounded(path, 8_000_000) == data
    with pytest.raises(UnreadableFile, match="larger than"):
        read_bounded(path, len(data) - 1)


def test_the_limit_of_a_large_file_is_exact_across_reads(tmp_path):
    """Rule: the limit holds at its byte also when it falls past the first read."""
    size = (1 << 20) * 2 + 7
    path = tmp_path / "big"
    path.write_bytes(b"a" * size)
    assert len(read_bounded(path, size)) == size
    with pytest.raises(UnreadableFile):
        read_bounded(path, size - 1)


def test_a_folder_is_named_as_a_folder(tmp_path):
    with pytest.raises(UnreadableFile) as info:
        read_bounded(tmp_path, 100)
    assert info.value.strerror == "a folder" and info.value.errno == errno.EINVAL
    assert isinstance(info.value, OSError)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once_as_not_a_regular_file(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    with pytest.raises(UnreadableFile) as info:
        read_bounded(path, 100)
    assert info.value.strerror == "not a regular file"


def test_a_missing_file_is_an_ordinary_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "none", 100)


def test_text_is_decoded_as_utf8(tmp_path):
    path = tmp_path / "t"
    path.write_bytes("あいこ".encode())
    assert read_bounded_text(path, 9) == "あいこ"
    path.write_bytes(b"\xff")
    with pytest.raises(UnicodeDecodeError):
        read_bounded_text(path, 9)


def test_is_regular_file_never_opens_and_never_raises(tmp_path):
    regular = tmp_path / "r"
    regular.write_text("x")
    link = tmp_path / "link"
    link.symlink_to(regular)
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "none")
    assert is_regular_file(regular) and is_regular_file(link)
    assert not is_regular_file(tmp_path)
    assert not is_regular_file(dangling)
    assert not is_regular_file(tmp_path / "none")
    assert not is_regular_file(tmp_path / "bad\x00name")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        assert not is_regular_file(tmp_path / "fifo")


# -- clip -------------------------------------------------------------------------------------------
def test_clip_keeps_a_short_value_whole_and_cuts_a_long_one_at_its_limit():
    assert clip("abc") == "'abc'"
    text = "x" * 38  # its repr is 40 characters: the limit
    assert clip(text) == repr(text)
    assert clip("x" * 39) == "'" + "x" * 38 + "…"
    assert len(clip("x" * 39)) == 40
    assert clip("abcdef", 5) == "'abc…"


def test_clip_never_builds_the_repr_of_a_huge_text():
    """Rule: only the first ``limit * 4`` characters are looked at; the result is the
    same as for the whole text."""
    huge = "é" * 100 + "z" * 5_000_000
    assert clip(huge) == clip("é" * 200) == "'" + "é" * 38 + "…"
    assert clip("\n" * 1000, 10) == "'" + "\\n" * 4 + "…"


def test_clip_shows_numbers_and_other_values():
    assert clip(12345) == "12345"
    assert clip(-7) == "-7"
    assert clip(True) == "True" and clip(None) == "None"
    assert clip(1.5) == "1.5"
    assert clip([1, 2]) == "[1, 2]"
    assert clip(10**50) == "1" + "0" * 38 + "…"


def test_clip_names_a_number_too_long_to_print_by_its_size():
    limit = sys.get_int_max_str_digits()
    if limit == 0:
        pytest.skip("this interpreter prints any number")
    big = 10 ** (limit + 10)
    assert clip(big) == f"a {big.bit_length()}-bit number"
    assert clip(big, 10) == f"a {big.bit_length()}-bit number"[:9] + "…"


def test_parse_errors_hold_what_a_parser_raises_on_hostile_text():
    for kind in (ValueError, OverflowError, RecursionError, MemoryError, TypeError):
        assert kind in PARSE_ERRORS
    assert issubclass(UnicodeDecodeError, PARSE_ERRORS)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd")
def test_every_read_closes_its_file_whatever_the_outcome(tmp_path):
    """Rule: no read leaves a file open (listing hundreds of saves, or a folder of
    refused ones, must never run out of file descriptors)."""
    good = tmp_path / "good"
    good.write_bytes(b"x" * 10)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 100)

    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    before = open_files()
    for _ in range(20):
        read_bounded(good, 10)
        with pytest.raises(UnreadableFile):
            read_bounded(big, 10)
        with pytest.raises(UnreadableFile):
            read_bounded(tmp_path, 10)
    assert open_files() == before


def test_a_file_one_byte_past_a_whole_number_of_reads_is_refused(tmp_path):
    """Rule: the limit holds when it ends exactly where a 1 MiB read ends."""
    limit = 1 << 20
    path = tmp_path / "big"
    path.write_bytes(b"a" * (limit + 1))
    with pytest.raises(UnreadableFile, match="larger than 1,048,576 bytes"):
        read_bounded(path, limit)
    path.write_bytes(b"a" * limit)
    assert len(read_bounded(path, limit)) == limit


def test_a_huge_file_is_never_read_past_its_limit(tmp_path, monkeypatch):
    """Rule: a file's size is known to be too large by reading ``limit + 1`` bytes, never
    more (a 50 MB file, even a sparse one, is not read into memory to be refused)."""
    path = tmp_path / "sparse"
    with open(path, "wb") as handle:
        handle.truncate(50_000_000)
    real_read = os.read
    got: list[int] = []

    def read(fd, n):
        data = real_read(fd, n)
        got.append(len(data))
        return data

    monkeypatch.setattr(os, "read", read)
    for limit in (0, 1000, 3 << 20):
        got.clear()
        with pytest.raises(UnreadableFile):
            read_bounded(path, limit)
        assert sum(got) == limit + 1, (limit, got)
