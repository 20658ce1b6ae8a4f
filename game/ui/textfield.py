"""A one-line text field typed with the keyboard (and an input method: Japanese text
arrives as whole strings in TEXTINPUT, and the text being composed in TEXTEDITING).

The field only edits its text and draws itself; the scene decides which field has the
focus (a click, Tab), what Enter does, and starts pygame's text input while one is
focused (:func:`start_typing`). A text too long for its box shows its end, the part
being typed, after a "…".
"""

from __future__ import annotations

import pygame

from game.ui import fonts, theme
from game.ui.widgets import draw_focus_ring, draw_text


class TextField:
    def __init__(
        self,
        rect: pygame.Rect,
        text: str = "",
        *,
        key: str = "",
        size: int = 20,
        max_chars: int = 40,
        placeholder: str = "",
    ):
        self.rect = pygame.Rect(rect)
        self.text = text[:max_chars]
        self.key = key
        self.size = size
        self.max_chars = max_chars
        self.placeholder = placeholder
        self.focused = False
        self.composing = ""  # an input method's text not yet committed

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Typing into the focused field; True when the event was the field's."""
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if ch.isprintable())
            # an input method can send several characters at once: cut, never exceed
            self.text = (self.text + typed)[: self.max_chars]
            self.composing = ""
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            if self.composing:
                return True  # the input method edits its own text
            if event.mod & pygame.KMOD_CTRL:  # a word at a time
                self.text = self.text.rstrip()
                cut = max(self.text.rfind(" "), self.text.rfind("-"), self.text.rfind(":"))
                self.text = self.text[: cut + 1] if cut >= 0 else ""
            else:
                self.text = self.text[:-1]
            return True
        # Delete: nothing is after the caret, the text stays (and the key is the field's)
        return event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def shown(self, width: int) -> str:
        """The text as it fits ``width`` pixels: its end, after "…" when it is longer."""
        face = fonts.font(self.size)
        text = self.text + self.composing
        if face.size(text)[0] <= width:
            return text
        lo, hi = 0, len(text)  # the fewest characters cut from the start that fit
        while lo < hi:
            mid = (lo + hi) // 2
            if face.size("…" + text[mid:])[0] <= width:
                hi = mid
            else:
                lo = mid + 1
        return "…" + text[lo:]

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        radius = max(4, r.height // 6)
        pygame.draw.rect(surface, theme.BUTTON, r, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, width=2, border_radius=radius)
        if self.focused:
            draw_focus_ring(surface, r, radius)
        pad = max(6, r.height // 5)
        inner = r.inflate(-2 * pad, 0)
        if not self.text and not self.composing:
            if self.placeholder and not self.focused:
                label, size = fonts.fit(
                    self.placeholder, self.size, inner.w, max(theme.MIN_TEXT_PX, self.size - 4)
                )
                draw_text(
                    surface, label, size, inner.midleft, theme.INK_SOFT, anchor="midleft", within=r
                )
            at = pygame.Rect(inner.left, r.centery, 0, 0)
        else:
            text = self.shown(inner.w - 4)
            at = draw_text(
                surface, text, self.size, inner.midleft, theme.INK, anchor="midleft", within=r
            )
            if self.composing:  # underline what the input method is composing
                face = fonts.font(self.size)
                start = at.left + face.size(text[: len(text) - len(self.composing)])[0]
                y = at.bottom - max(2, self.size // 8)
                pygame.draw.line(surface, theme.INK, (start, y), (at.right, y), 2)
        if self.focused:
            x = min(at.right + 2, r.right - pad // 2)
            h = int(self.size * 1.1)
            pygame.draw.line(
                surface, theme.INK, (x, r.centery - h // 2), (x, r.centery + h // 2), 2
            )


def start_typing(field: TextField | None) -> None:
    """pygame's text input on for ``field`` (the input method's window beside it), or
    off when no field has the focus."""
    if field is None:
        pygame.key.stop_text_input()
        return
    pygame.key.set_text_input_rect(field.rect)
    pygame.key.start_text_input()
