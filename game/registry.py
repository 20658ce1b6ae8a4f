"""The game registry: one registration per game, the only one (issue #26). Menu, lobby,
CLI, saves and the headless side (``game.rules.load``, the network, the bots) read it, so
it never imports pygame nor a game's rules or table (each is looked up by name).

A game is offered only when both its headless rules package and its scene exist, so the
menu never shows a game that cannot be played.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from game.frozen import FrozenValue, set_fields
from game.paths import DATA_DIR


class CastMember(FrozenValue):
    """One of the box's shared cast: the same name in every game (issue #16).

    Written out rather than a frozen dataclass, as are :class:`Character` and
    :class:`GameInfo` (issue #37: ``dataclass()`` compiles its methods from source when the
    module is imported, ~1 ms of the first frame for the registry's three); it behaves as
    one: frozen, compared and hashed by its fields."""

    __match_args__ = ("key", "name_en", "name_ja")
    key: str
    name_en: str
    name_ja: str

    def __init__(self, key: str, name_en: str, name_ja: str) -> None:
        set_fields(self, key=key, name_en=name_en, name_ja=name_ja)


# The one cast every game's seats are drawn from, in default seat order: seat i of a new
# table is CAST[i] in every game (a computer is "Cookie" in all four). No name is a colour
# word, so no computer is called after a colour that is not its seat's.
CAST = (
    CastMember("sparky", "Sparky", "スパーキー"),
    CastMember("cookie", "Cookie", "クッキー"),
    CastMember("bill", "Captain Bill", "キャプテン・ビル"),
    CastMember("daisy", "Daisy", "デイジー"),
    CastMember("doc", "Doc Quackers", "ドク・クワッカー"),
    CastMember("nugget", "Nugget", "ナゲット"),
)
CAST_BY_KEY = {member.key: member for member in CAST}


class Character(FrozenValue):
    """A cast member's piece in one game: a duck sprite, a chicken sprite, a pawn. ``key``
    is the game's own (saves store it, so it never changes); the name is the cast
    member's, and the colour is the seat's (``theme.SEAT_COLOURS``), never the piece's.
    Frozen, compared and hashed by its fields (written out: see :class:`CastMember`)."""

    __match_args__ = ("key", "cast")
    key: str
    cast: CastMember

    def __init__(self, key: str, cast: CastMember) -> None:
        set_fields(self, key=key, cast=cast)

    @property
    def name_en(self) -> str:
        return self.cast.name_en

    @property
    def name_ja(self) -> str:
        return self.cast.name_ja


def cast_as(*keys: str) -> tuple[Character, ...]:
    """A game's characters: its piece keys in order, played by the cast in order."""
    if len(keys) > len(CAST):
        raise ValueError(f"{len(keys)} pieces for a cast of {len(CAST)}")
    return tuple(Character(key, member) for key, member in zip(keys, CAST))


# The computer's levels, the one list (issue #37): what the bots play (game.ai), and what
# a save, the history, a .derby file, the settings and the network accept for a computer
# seat. Kept here, not in game.ai, so the menu and the network read it without loading the
# bots. "random" is the baseline the tests and tournaments measure the others by.
LEVELS = ("random", "easy", "normal", "hard")
# what a computer seat at a table is set to (the lobby's level button, the remembered
# seats): a person never picks "random", it plays no better than a die
SEAT_LEVELS = tuple(level for level in LEVELS if level != "random")
# what a lesson's computer seats may play: a lesson replays the same each time it is
# taken, and 'hard' thinks against the clock (its moves depend on the machine's speed)
REPLAYABLE_LEVELS = tuple(level for level in LEVELS if level != "hard")


class GameInfo(FrozenValue):
    """One game's registration. Frozen, compared and hashed by its fields but ``extra``
    (written out rather than a dataclass: see :class:`CastMember`, issue #37)."""

    __match_args__ = (
        "id",
        "name_en",
        "name_ja",
        "min_players",
        "max_players",
        "minutes",
        "rules_module",
        "picture",
        "characters",
        "data_files",
        "bot_levels",
        "lesson_elements",
        "secrets",
        "secret_when",
        "piece_is_character",
        "score_tiebreak_fraction",
        "phone_hands",
        "phone_preview_module",
        "board_builder",
        "extra",
    )
    id: str
    name_en: str
    name_ja: str
    min_players: int
    max_players: int
    minutes: int
    rules_module: str
    picture: str  # sprite file in assets/sprites
    characters: tuple[Character, ...]
    data_files: tuple[str, ...]
    bot_levels: tuple[str, ...]
    # what a lesson's step may point at on this game's table besides the frame's parts (a
    # regular expression of names, game.lessons.element_known), which the table locates
    # (its ``element``, game.scenes.<game>); "" for a game without names of its own
    lesson_elements: str
    # the game hides things from some seats (hands, tiles, cards, hats): with two or more
    # people at one screen a curtain comes between them (docs/secrecy.md, issue #36); a
    # game with nothing hidden (Eight Routes) never shows one
    secrets: bool
    # only under these options (name, value), when the game hides things only in a variant
    # (Verflixxt!: the hats' hands); () means under every option
    secret_when: tuple[tuple[str, object], ...]
    # what is one game's and not the box's, said here and looked up by the game's id
    # (issue #37: no game id is compared outside the registry):
    # the seat's piece is the character itself (a duck, a chicken): a seat's card shows
    # the piece, where another game shows the cast member's face and the seat's pawn
    piece_is_character: bool
    # scores() carry a fraction that only breaks ties (Duck! Duck! Go!'s: how near a duck
    # is to its next target); people count the whole part (counted_score)
    score_tiebreak_fraction: bool
    # phones may hold a seat at the host's screen (issue #29): the phone page draws the
    # seat's hand and its choices (issue #39: all four games, Eight Routes' draft too);
    # the lobby offers it only for a game whose page can (False: none)
    phone_hands: bool
    # the module whose ``phone_preview(state, seat)`` tells a seat's phone where each
    # choice would take its pieces (issue #29: on the phone only, never the big screen);
    # imported by name when a phone asks, as the rules are; "" for a game without one
    phone_preview_module: str
    # the router's screen that builds a board of the game's own (issue #41: Duck!'s
    # builder), offered by its lobby and its title card; "" for none
    board_builder: str
    extra: dict

    def __init__(
        self,
        id: str,
        name_en: str,
        name_ja: str,
        min_players: int,
        max_players: int,
        minutes: int,
        rules_module: str,
        picture: str,
        characters: tuple[Character, ...] = (),
        data_files: tuple[str, ...] = (),
        bot_levels: tuple[str, ...] = SEAT_LEVELS,
        lesson_elements: str = "",
        secrets: bool = True,
        secret_when: tuple[tuple[str, object], ...] = (),
        piece_is_character: bool = False,
        score_tiebreak_fraction: bool = False,
        phone_hands: bool = True,
        phone_preview_module: str = "",
        board_builder: str = "",
        extra: dict | None = None,
    ) -> None:
        set_fields(
            self,
            id=id,
            name_en=name_en,
            name_ja=name_ja,
            min_players=min_players,
            max_players=max_players,
            minutes=minutes,
            rules_module=rules_module,
            picture=picture,
            characters=characters,
            data_files=data_files,
            bot_levels=bot_levels,
            lesson_elements=lesson_elements,
            secrets=secrets,
            secret_when=secret_when,
            piece_is_character=piece_is_character,
            score_tiebreak_fraction=score_tiebreak_fraction,
            phone_hands=phone_hands,
            phone_preview_module=phone_preview_module,
            board_builder=board_builder,
            extra={} if extra is None else extra,
        )

    _uncompared = frozenset({"extra"})  # compared and hashed by every field but it

    def replaced(self, **changes: Any) -> GameInfo:
        """A copy with ``changes`` made (what ``dataclasses.replace`` gave)."""
        values: dict[str, Any] = {name: getattr(self, name) for name in self.__match_args__}
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"GameInfo has no field {', '.join(sorted(unknown))}")
        return GameInfo(**{**values, **changes})

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    def hides_things(self, options: Mapping[str, object]) -> bool:
        """Whether a game of these options hides anything from some seats (issue #36:
        only then does a curtain ever come between the people at one screen)."""
        if not self.secrets:
            return False
        return not self.secret_when or any(options.get(k) == v for k, v in self.secret_when)

    def counted_score(self, score: float) -> float:
        """A score as people count it (issue #36): without the tie-break fraction, which
        orders the seats but is never shown and never averaged (a best of 2 beside an
        average of 2.1 was the fraction counted in one and not the other)."""
        return float(math.floor(score)) if self.score_tiebreak_fraction else score

    def phone_preview(self, state: object, seat: int) -> dict | None:
        """What the seat's phone previews now (``phone_preview_module``), or None: the
        game has no preview, or nothing to preview is asked of the seat."""
        if not self.phone_preview_module:
            return None
        return importlib.import_module(self.phone_preview_module).phone_preview(state, seat)

    def help_path(self, lang: str):
        path = DATA_DIR / "help" / f"{self.id}.{lang}.md"
        return path if path.exists() else DATA_DIR / "help" / f"{self.id}.en.md"

    def rules(self):
        return importlib.import_module(self.rules_module)

    def installed(self) -> bool:
        """Its rules and its table are on disk (looked up, not imported: the table is
        the router's to open, ``game.scenes.shell.screens``)."""
        return (
            importlib.util.find_spec(self.rules_module) is not None
            and importlib.util.find_spec(f"game.scenes.{self.id}") is not None
        )


# Each game's pieces (their keys name the art: duck_<key>.svg, cluck_<key>.svg; the pawn
# keys are the colours pawns had before seats got one palette, kept so old saves load).
DUCKS = cast_as("sparky", "cookie", "pirate", "daisy", "doc", "goldie")
PAWNS = cast_as("orange", "sky", "green", "pink", "red", "violet")
CHICKENS = cast_as("henrietta", "clucky", "pepper", "nugget")

GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    if info.id in GAMES:
        raise ValueError(f"game {info.id!r} is registered twice")
    GAMES[info.id] = info
    return info


register(
    GameInfo(
        id="duck",
        name_en="Duck! Duck! Go!",
        name_ja="ガアガアGO！",
        min_players=2,
        max_players=6,
        minutes=30,
        rules_module="game.rules.duck",
        picture="duck.svg",
        characters=DUCKS,
        piece_is_character=True,
        score_tiebreak_fraction=True,
        phone_preview_module="game.rules.duck.phone",
        board_builder="builder",
        # a hand card, a route's end, a facing arrow, a life ring or any hex of the tub,
        # a duck, a buoy, the drain, the hand column, the piles and the action buttons;
        # the advanced game's hound, hound board and its patterns, token tray and tokens
        lesson_elements=(
            r"card:[1-9][0-9]?|route:[1-9][0-9]?/[1-9]|face:[0-5]"
            r"|(?:start|hex):-?[0-9]+,-?[0-9]+"
            r"|duck:[0-5]|buoy:(?:red|yellow|green)|drain|hand|piles|confirm|stay|done"
            r"|hound|houndboard|pattern:[A-D]|tray"
            r"|token:(?:blue|keep|step|rotate|swap|ghost|become)"
        ),
    )
)
register(
    GameInfo(
        id="verflixxt",
        name_en="Verflixxt!",
        name_ja="フェアフリクスト！",
        min_players=2,
        max_players=6,
        minutes=30,
        rules_module="game.rules.verflixxt",
        picture="verflixxt.svg",
        characters=PAWNS,
        # the base game hides nothing (a die is rolled for all); the hats' hands are secret
        secret_when=(("variant", "hats"),),
        # the die, its button, pawns a-c and guardians g1-g8 on the table, any track tile,
        # the hand's cards, the goal chips and the buttons of the hats game
        lesson_elements=(
            r"roll|die|draw|stop|keep|zero|attack|finish|start|chips|piece:(?:[0-5]?[abc]|g[1-8])"
            r"|tile:[a-z][a-z0-9]*|card:[12]|hat:[1-9]|dir:(?:fwd|back)"
        ),
    )
)
register(
    GameInfo(
        id="cluck",
        name_en="Cluck-peep!",
        name_ja="クラックピープ！",
        min_players=2,
        max_players=4,
        minutes=20,
        rules_module="game.rules.cluck",
        picture="cluck.svg",
        characters=CHICKENS,
        piece_is_character=True,
        # a START hole, a hand tile and the bar's buttons, the gap, a ladder row (0: the
        # start tile), the face-down tile, the nest tile, a chicken, the supply's parts
        lesson_elements=(
            r"hole:[0-4]|tile:[1-9][0-9]?|turn|place|slot|row:[0-9]{1,2}|hidden|goal"
            r"|chicken:[0-3]|supply|pile|nests"
        ),
    )
)
register(
    GameInfo(
        id="routes",
        name_en="Eight Routes",
        name_ja="エイト・ルート",
        min_players=3,
        max_players=5,
        minutes=40,
        rules_module="game.rules.routes",
        picture="routes.svg",
        characters=PAWNS[:5],
        # the box lid and its squares, each route's lane, head, track and the person's
        # marker on it, the All/One buttons, a die's +1/-1 while changing it, the bar's
        lesson_elements=(
            r"lid|end|pass|mode:[CD]|(?:route|head|track|marker|square|take|one):[1-8]"
            r"|change:[1-8][+-]"
        ),
        secrets=False,  # every die, marker and score is on the table for all to see
        # nothing in a hand, but its people sit on the sofa too: the phone is their
        # remote for the draft (issue #39: the lid's dice, the routes' actions)
    )
)


def installed_games() -> list[GameInfo]:
    return [info for info in GAMES.values() if info.installed()]


def get(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def load_rules(game_id: str) -> ModuleType:
    """The rules module of a game (``game.rules.load``)."""
    return importlib.import_module(get(game_id).rules_module)


def rules_available() -> list[str]:
    """Ids of the games whose rules package is present (``game.rules.available``)."""
    return [
        info.id
        for info in GAMES.values()
        if importlib.util.find_spec(info.rules_module) is not None
    ]
