"""The rules help overlay (issue #27): the game's rules text (data/help/<game>.<lang>.md)
as a list of sections, a contents column on the left (one entry per ``#`` heading: the
first, the game's overview, is called "Goal", so the screen's title is not said twice)
and the sections on the right, each with pictures drawn with the game's own art
(game.scenes.shell.pictures), scrolled with the mouse wheel, the scrollbar (drag it, or
click its track) or the keys PgUp/PgDn/Home/End/arrows; for a game with a lesson,
"Learn to play" (a guided first game, game.scenes.table.lesson)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.paths import lesson_ids
from game.scenes.base import ModalScene
from game.scenes.shell import pictures
from game.storage import read_bounded_text
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text, sink_of

MAX_HELP_BYTES = 64_000  # the longest rules summary is ~6 KB


def read_help(info, lang: str) -> str:
    """The rules summary, or one line saying why it cannot be shown (read bounded, like
    every file the app reads: a damaged install must not hang or crash the help)."""
    path = info.help_path(lang)
    try:
        return read_bounded_text(path, MAX_HELP_BYTES)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    except UnicodeDecodeError as exc:
        return f"{path}: byte {exc.start}: not UTF-8 text"


@dataclass
class Section:
    """One ``#`` heading of the rules text and the lines under it (bullets keep their
    ``- ``)."""

    heading: str
    lines: list[str] = field(default_factory=list)


def sections(text: str, goal: str) -> list[Section]:
    """The rules text cut at its headings; the first heading (the game's name, said
    already by the screen's title) becomes ``goal``. Text before any heading is a section
    of its own under ``goal``; no line is lost."""
    out: list[Section] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            out.append(Section(goal if not out else heading))
        elif line.strip():
            if not out:
                out.append(Section(goal))
            out[-1].lines.append(line.strip())
    return out


class SectionButton(Button):
    """A contents entry: its heading wrapped on as many lines as it needs (never cut)."""

    lines: tuple[str, ...] = ()

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        r = self.rect
        fill = (255, 232, 200) if self.selected else (theme.BUTTON_HOVER if self.hovered else None)
        radius = max(6, self.size // 2)
        if fill is not None:
            pygame.draw.rect(surface, fill, r, border_radius=radius)
        if focused or self.selected:
            edge = theme.BUTTON_FOCUS if focused else theme.ACCENT
            pygame.draw.rect(surface, edge, r, width=3 if focused else 2, border_radius=radius)
        line_h = int(self.size * 1.3)
        y = r.centery - line_h * len(self.lines) // 2
        for line in self.lines:
            draw_text(
                surface,
                line,
                self.size,
                (r.x + max(8, self.size // 2), y),
                theme.INK if self.selected else theme.INK_SOFT,
                bold=self.selected,
                within=r,
            )
            y += line_h


@dataclass
class Item:
    """A piece of the scrolled page: a line of text or a row of pictures (those of the
    section ``game``, ``section``, ``height`` px tall), ``y`` from the page's top."""

    y: int
    height: int
    text: str = ""
    size: int = 0
    bold: bool = False
    indent: int = 0
    row: tuple[str, int] | None = None  # (game, section) of a row of pictures

    @property
    def pictures(self) -> tuple[pictures.Picture, ...]:
        """The row's pictures, made (once, cached) when asked for: the page is laid out
        from their boxes, and a picture is only made where it is shown (issue #27)."""
        if self.row is None:
            return ()
        return tuple(pictures.help_pictures(*self.row, self.height))


class HelpScene(ModalScene):
    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.scroll = 0
        self.dragging: int | None = None  # the pointer's offset into the thumb
        self.sections: list[Section] = []

    # layout -------------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        lang = self.app.settings.language
        self.panel = pygame.Rect(self.px(40), self.px(28), w - self.px(80), h - self.px(56))
        pad = self.px(24)
        self.title_size = self.text_px(30)
        self.title_pos = (self.panel.x + pad, self.panel.y + self.px(18))
        top = self.title_pos[1] + int(self.title_size * 1.5)
        self.buttons.clear()
        close = pygame.Rect(0, 0, self.px(180), max(36, self.px(48)))
        close.bottomright = (self.panel.right - pad, self.panel.bottom - self.px(14))
        bottom = close.top - self.px(12)
        text = read_help(self.info, lang)
        self.sections = sections(text, self.t("app.help_goal"))
        # the contents column: every heading whole, wrapped
        toc_w = max(170, min(self.px(360), int(self.panel.width * 0.25)))
        self.toc = pygame.Rect(self.panel.x + pad, top, toc_w, bottom - top)
        self._lay_contents()
        # the page and its scrollbar
        bar_w = max(12, self.px(14))
        body_x = self.toc.right + self.px(24)
        self.track = pygame.Rect(self.panel.right - pad - bar_w, top, bar_w, bottom - top)
        self.body = pygame.Rect(body_x, top, self.track.x - self.px(16) - body_x, bottom - top)
        self._lay_page()
        self.max_scroll = max(0, self.page_h - self.body.height)
        self.scroll = min(self.scroll, self.max_scroll)
        self.buttons.add(
            Button(close, self.t("app.close"), self.app.pop, self.px(22), primary=True, key="close")
        )
        if lesson_ids(self.info.id):  # the rules shown on the table instead (issue #19)
            learn = pygame.Rect(0, 0, self.px(240), close.h)
            learn.bottomright = (close.x - self.px(16), close.bottom)
            self.buttons.add(
                Button(learn, self.t("app.learn"), self._learn, self.px(22), key="learn")
            )

    def _lay_contents(self) -> None:
        """One entry per section, as tall as its wrapped heading; smaller type (never
        under 14 px) and less air when the column is short."""
        for size, air in ((self.text_px(18), 14), (self.text_px(16), 8), (theme.MIN_TEXT_PX, 4)):
            inner = self.toc.width - 2 * max(8, size // 2)
            wrapped = [fonts.wrap(s.heading, size, inner) for s in self.sections]
            line_h = int(size * 1.3)
            heights = [len(lines) * line_h + self.px(air) for lines in wrapped]
            if sum(heights) + self.px(4) * len(heights) <= self.toc.height:
                break
        self.toc_size = size
        y = self.toc.y
        for i, (lines, height) in enumerate(zip(wrapped, heights)):
            button = SectionButton(
                pygame.Rect(self.toc.x, y, self.toc.width, height),
                self.sections[i].heading,
                self._jump(i),
                size,
                key=f"section:{i}",
            )
            button.lines = tuple(lines)
            self.buttons.add(button)
            y += height + self.px(4)

    def _lay_page(self) -> None:
        """The sections one under the other: heading, pictures, lines."""
        base = self.text_px(19)
        heading = self.text_px(25)
        pic_h = max(40, self.px(84))
        width = self.body.width
        self.items: list[Item] = []
        self.section_tops: list[int] = []
        y = 0
        for index, section in enumerate(self.sections):
            if index:
                y += self.px(26)
            self.section_tops.append(y)
            for part in fonts.wrap(section.heading, heading, width, bold=True):
                height = int(heading * 1.45)
                self.items.append(Item(y, height, part, heading, True))
                y += height
            height = self._picture_height(index, pic_h, width)
            if height:
                y += self.px(6)
                self.items.append(Item(y, height, row=(self.info.id, index)))
                y += height + self.px(12)
            for line in section.lines:
                if line.startswith(("- ", "* ")):
                    indent = self.px(22)
                    bullet = fonts.font(base).size("• ")[0]
                    parts = fonts.wrap(line[2:], base, width - indent - bullet)
                    for k, part in enumerate(parts):
                        prefix = "• " if k == 0 else ""
                        at = indent + (0 if k == 0 else bullet)
                        self.items.append(Item(y, int(base * 1.5), prefix + part, base, indent=at))
                        y += int(base * 1.5)
                else:
                    for part in fonts.wrap(line, base, width):
                        self.items.append(Item(y, int(base * 1.5), part, base))
                        y += int(base * 1.5)
        self.page_h = y + self.px(12)

    def _picture_height(self, index: int, height: int, width: int) -> int:
        """How tall the section's pictures are (0: it has none), lower when a row of them
        would be wider than the page (measured by their boxes: none is made here)."""
        gap = self.px(14)
        for _ in range(4):
            row = pictures.help_boxes(self.info.id, index, height)
            if not row:
                return 0
            total = sum(w for w, _ in row) + gap * max(0, len(row) - 1)
            if total <= width:
                break
            height = max(16, int(height * width / total * 0.95))
        return max(h for _, h in row)

    # scrolling ----------------------------------------------------------------------------
    def scroll_to(self, value: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, value)))

    def _jump(self, index: int):
        def jump():
            self.scroll_to(self.section_tops[index])

        return jump

    def current_section(self) -> int:
        """The section at the top of the page (the last one when scrolled to the end)."""
        if self.scroll >= self.max_scroll and self.max_scroll:
            return len(self.section_tops) - 1
        current = 0
        for i, top in enumerate(self.section_tops):
            if top <= self.scroll + self.px(4):
                current = i
        return current

    def thumb(self) -> pygame.Rect:
        total = max(1, self.page_h)
        height = max(self.px(40), int(self.track.height * min(1.0, self.body.height / total)))
        height = min(height, self.track.height)
        travel = self.track.height - height
        y = self.track.y + (travel * self.scroll // self.max_scroll if self.max_scroll else 0)
        return pygame.Rect(self.track.x, y, self.track.width, height)

    def handle_event(self, event):
        step = self.text_px(19) * 3
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * step)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.max_scroll:
            thumb = self.thumb()
            if thumb.collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
                return
            if self.track.inflate(self.px(8), 0).collidepoint(event.pos):
                page = self.body.height if event.pos[1] > thumb.centery else -self.body.height
                self.scroll_to(self.scroll + page)
                return
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            travel = max(1, self.track.height - self.thumb().height)
            at = event.pos[1] - self.dragging - self.track.y
            self.scroll_to(at / travel * self.max_scroll)
            return
        if event.type == pygame.MOUSEBUTTONUP and self.dragging is not None:
            self.dragging = None
            return
        if event.type == pygame.KEYDOWN:
            delta = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: self.body.height,
                pygame.K_PAGEUP: -self.body.height,
            }.get(event.key)
            if delta is not None:
                self.scroll_to(self.scroll + delta)
                return
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll_to(0 if event.key == pygame.K_HOME else self.max_scroll)
                return
        super().handle_event(event)

    def _learn(self):
        """Leave the game under the help (saved, as "Quit to menu" does) for its lesson;
        Back in the choice between going on and starting again returns here."""
        self.app.router.screen("lessons")(self.app, self.info.id)

    # drawing ------------------------------------------------------------------------------
    def title(self) -> str:
        return self.t("app.rules_title", game=self.info.name(self.app.settings.language))

    def draw(self, surface):
        self.draw_backdrop(surface)
        draw_text(
            surface,
            self.title(),
            self.title_size,
            self.title_pos,
            theme.ACCENT_DARK,
            bold=True,
            within=self.panel,
        )
        current = self.current_section()
        for button in self.buttons.buttons:
            if button.key.startswith("section:"):
                button.selected = button.key == f"section:{current}"
        clip = surface.get_clip()
        surface.set_clip(self.body)
        top = self.body.y - self.scroll
        for item in self.items:
            y = top + item.y
            if y + item.height <= self.body.y or y >= self.body.bottom:
                continue
            if item.row is not None:
                x = self.body.x
                for picture in item.pictures:
                    at = pictures.draw(surface, picture, (x, y + item.height), "bottomleft")
                    for label in picture.labels:
                        image = fonts.render(label.text, label.size, label.colour, label.bold)
                        spot = (at.x + label.pos[0], at.y + label.pos[1])
                        rect = image.get_rect(**{label.anchor: spot})
                        surface.blit(image, rect)
                        self._record(surface, label.text, rect, label.size)
                    x = at.right + self.px(14)
                continue
            colour = theme.BG_DARK if item.bold else theme.INK
            image = fonts.render(item.text, item.size, colour, item.bold)
            rect = image.get_rect(topleft=(self.body.x + item.indent, y))
            surface.blit(image, rect)
            self._record(surface, item.text, rect, item.size)
        surface.set_clip(clip)
        if self.max_scroll:
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.track, border_radius=self.track.w // 2)
            thumb = self.thumb()
            fill = theme.ACCENT_DARK if self.dragging is not None else theme.ACCENT
            pygame.draw.rect(surface, fill, thumb, border_radius=thumb.w // 2)
        super().draw(surface)

    def _record(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: int) -> None:
        """A text of the page for the layout tests, as much of it as the page shows (a
        line half scrolled out is cut by the page's edge, as it is on the screen)."""
        sink = sink_of(surface)
        shown = rect.clip(self.body)
        if sink is not None and shown.w and shown.h:
            sink.record(text, shown, size, self.body)
