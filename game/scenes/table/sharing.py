"""Whose screen it is (issue #37: a part the table scene owns, :class:`ScreenSharing`):
the one policy of a screen shared by people in a game that hides things
(``game.session.shares_a_screen``, docs/secrecy.md) -- who decides now, when the screen
is given up to everybody, the curtain before it is handed to a person."""

from __future__ import annotations

from game.scenes.table.contract import TableOwner
from game.session import shares_a_screen


class ScreenSharing:
    """The policy, asked by the table owning it and by the game's parts
    (:meth:`deciding`); the screen's viewer itself is the table's ``private_player``."""

    def __init__(self, table: TableOwner) -> None:
        self.table = table
        # the seat whose screen it was until everybody watched (give_up): it may still
        # take its move back, behind the curtain again
        self.gave_up: int | None = None

    def shares(self) -> bool:
        """Two or more people share this screen in a game that hides things."""
        secrets = bool(getattr(self.table.session, "secrets", True))
        return shares_a_screen(secrets, len(self.table.driver.local_seats()))

    def give_up(self) -> None:
        """Everybody watches now (another seat acts, a turn or a round ends): on a shared
        screen nobody's secrets are shown from here on, until the next person passes their
        curtain (issue #36). Alone at a screen, a person keeps it."""
        player = self.table.private_player
        if player is None or not self.shares():
            return
        self.gave_up = player
        self.table.private_player = None
        self.table.session.viewer = None

    def active_human(self) -> int | None:
        """The person who must decide now (the first one, when several choose in secret)."""
        if self.table.player.busy():
            return None
        humans = self.table.driver.local_deciders()
        return humans[0] if humans else None

    def deciding(self) -> int | None:
        """The person whose controls are on screen now (their turn, their screen)."""
        if self.table.state.is_over():
            return None
        human = self.active_human()
        return human if human is not None and human == self.table.private_player else None

    def show(self, player: int) -> None:
        """Hand the screen to ``player``, behind the curtain when others were looking."""
        table = self.table
        if not table.driver.needs_handoff(player):
            self._give(player)
            return
        table.private_player = None
        table.app.push(
            table.app.router.screen("handoff")(
                table.app,
                table.seat_name(player),
                table.seat_colour(player),
                lambda: self._give(player),
                seat=player,
                cards=table.part.phone_cards,
            )
        )

    def _give(self, player: int) -> None:
        self.table.private_player = player
        self.table.session.viewer = player
        self.gave_up = None
        self.table.game.controls.shown(player)
