"""Issue #41: a host's custom (built) board travels to the joiners with the table: in
the welcome's options, bounded like every host message, and checked on arrival by the
rules' own board check; a hostile board in a welcome is refused, never drawn."""

from __future__ import annotations

import copy
import json

import pytest

from game import registry
from game.boards import duck as loader
from game.net.client import ClientError, Mirror
from game.net.protocol import MAX_OUTBOUND_BYTES, ProtocolError, check_host_message, decode
from game.net.table import Table
from game.rules.duck.builder import assemble, surprise
from game.session import Seat, Session

FACES = loader.load_tiles()


class _Peer:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        pass


def hosted_welcome() -> tuple[str, dict]:
    """The welcome a joiner gets at a table hosted on a "Surprise me" board."""
    board = surprise(FACES, 4, 41, "medium")
    data = assemble(board.placed, FACES, "Ann's tub", "アンの湯船", "moderate")
    characters = registry.get("duck").characters
    seats = [Seat(f"P{i + 1}", characters[i].key, human=i < 2) for i in range(4)]
    session = Session("duck", seats, 5, {"board": data})
    table, _owner = Table.new(session)
    peer = _Peer()
    table.join(peer, 1, "Bo")
    return peer.texts[0], data


def arrive(text: str) -> Mirror:
    mirror = Mirror()
    mirror.welcome(check_host_message(decode(text, on_host=False)), checked=True)
    return mirror


def test_issue_41_the_hosts_built_board_reaches_the_joiner_checked():
    """issue #41: the joiner's table is the host's own board, hex for hex."""
    text, data = hosted_welcome()
    assert len(text.encode()) <= MAX_OUTBOUND_BYTES
    mirror = arrive(text)
    board = mirror.view.board
    assert board.name == "Ann's tub" and board.name_ja == "アンの湯船"
    expected = sorted((h[0], h[1]) for h in data["hexes"])
    assert sorted(board.coords) == expected


@pytest.mark.parametrize(
    "spoil",
    [
        lambda b: b["hexes"].append(list(b["hexes"][0])),  # a hex twice
        lambda b: b["hexes"][0].__setitem__(2, "lava"),  # no such kind
        lambda b: b.__setitem__("hexes", []),  # no board at all
        lambda b: b["tiles"].append([99, "A", 0, 0]),  # no such tile
        lambda b: b.__setitem__("name", "x" * 5000),  # a name past every bound
    ],
)
def test_issue_41_a_hostile_board_in_a_welcome_is_refused(spoil):
    """issue #41: a board a host spoiled is refused on arrival (one error the join
    screen shows), never handed to the table to draw."""
    text, _data = hosted_welcome()
    message = json.loads(text)
    spoiled = copy.deepcopy(message)
    spoil(spoiled["options"]["board"])
    with pytest.raises((ClientError, ProtocolError)):
        arrive(json.dumps(spoiled, ensure_ascii=False))
