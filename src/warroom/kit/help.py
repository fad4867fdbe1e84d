"""A game's rules help, carried by the game itself: ``help.md`` and ``help.toml`` in its folder.

``help.md`` is the rules reference in our own words (Markdown; every ``##``/``###`` heading is
a section whose anchor is its slug: "Sequence of play" -> ``sequence-of-play``).
``help.toml`` holds what the page needs to use it:

- ``legend``: the section that explains every counter, chit and marker (the map's "?" button).
- ``[replay] chapters``: the kinds of log entry that open a chapter of the replay (a round, a
  turn, an operation); the replay steps through what a role saw, a chapter at a time too.
- ``[[prompt]]``: which section a prompt applies, first match wins. An entry names a
  ``section`` and any of ``actions`` (the prompt offers an action of one of these kinds: its
  first element), ``text`` (a regular expression the prompt text matches) and ``board`` (a
  table of dotted paths into the view's ``board`` and the values they must have); all it
  names must hold.
- ``[walkthrough]``: a first game taught by playing its first turn over a real match:
  ``intro``, ``outro``, ``mode`` ("computer": the learner plays ``side`` against the
  computer at ``level``; "hotseat": every side on one screen), ``scenario``, and the steps
  ``[[walkthrough.step]]`` in order: ``say`` (what to do now and why, Markdown), ``point``
  (the ``data-target`` prefix of what to click, highlighted on the board), ``section`` (the
  rule to read) and ``repeat`` (the step stays while its prompt comes back), matched to the
  prompt like a ``[[prompt]]`` entry. The page shows the first step from the current one
  on that matches the prompt; a move made under a step moves on past it; the walkthrough
  ends once the last step has been acted on, or once the view's ``board[until]`` (a dotted
  path) is above ``beyond`` (``Coach`` below plays it the same way).

``help.md`` may hold ``{{name}}`` on a line of its own: there the game's
``help_tables()`` (an optional method returning Markdown by name) puts a table drawn from
its data, so a legend of chits or counters never drifts from the data the rules use.

A game in a series folder (the Campaign Commander campaigns) gets its own folder's help
first, then its series' (campaign rules before series rules would read oddly: the series
text comes first in the page, the campaign's after it, and the campaign's prompt entries
are tried first).
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from markdown_it import MarkdownIt
from pydantic import BaseModel, ConfigDict, Field

from warroom.engine import Game
from warroom.engine.errors import GameDataError
from warroom.kit.data import model, read

HELP_MD = "help.md"
HELP_TOML = "help.toml"


class Match(BaseModel):
    """When an entry applies to a prompt: every condition it names must hold."""

    model_config = ConfigDict(extra="forbid")
    actions: list[str] = Field(default_factory=list)
    text: str | None = None
    board: dict[str, Any] = Field(default_factory=dict)


class PromptEntry(Match):
    section: str


class Step(Match):
    say: str
    point: str | None = None
    section: str | None = None
    repeat: bool = False


class Walkthrough(BaseModel):
    model_config = ConfigDict(extra="forbid")
    intro: str
    outro: str
    mode: Literal["computer", "hotseat"] = "computer"
    side: str
    level: str = "easy"
    scenario: str | None = None
    until: str | None = None
    beyond: int = 1
    step: list[Step] = Field(min_length=1)


class Replay(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chapters: list[str] = Field(default_factory=list)


class HelpFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    legend: str | None = None
    replay: Replay = Field(default_factory=Replay)
    prompt: list[PromptEntry] = Field(default_factory=list)
    walkthrough: Walkthrough | None = None


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int


@dataclass(frozen=True)
class Help:
    """A game's rules help, read and checked."""

    game: str
    markdown: str
    sections: tuple[Section, ...]
    prompts: tuple[PromptEntry, ...]
    walkthrough: Walkthrough | None
    legend: str | None = None
    chapters: tuple[str, ...] = ()
    files: tuple[Path, ...] = field(default=())

    def section_ids(self) -> set[str]:
        return {s.id for s in self.sections}

    def section_for(self, prompt: Mapping[str, Any], view: Mapping[str, Any]) -> str | None:
        """The anchor of the rule a prompt (its JSON: text, actions) applies, or None."""
        for entry in self.prompts:
            if matches(entry, prompt, view):
                return entry.section
        return None

    def html(self) -> str:
        return render(self.markdown)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "html": self.html(),
            "sections": [{"id": s.id, "title": s.title, "level": s.level} for s in self.sections],
            "prompts": [e.model_dump(exclude_defaults=True) for e in self.prompts],
            "legend": self.legend,
            "walkthrough": (None if self.walkthrough is None else self.walkthrough.model_dump()),
        }


def slug(title: str) -> str:
    """A heading's anchor: lower case words joined by hyphens."""
    words = re.findall(r"[a-z0-9]+", title.lower().replace("'", ""))
    return "-".join(words)


def _path(board: Any, dotted: str) -> Any:
    node = board
    for part in dotted.split("."):
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        else:
            return None
    return node


def matches(entry: Match, prompt: Mapping[str, Any], view: Mapping[str, Any]) -> bool:
    """Whether an entry applies to this prompt (as the page judges it too: game.js)."""
    if entry.actions:
        kinds = {str(a[0]) for a in prompt.get("actions", ()) if a}
        if not kinds & set(entry.actions):
            return False
    if entry.text is not None and not re.search(entry.text, str(prompt.get("text", ""))):
        return False
    board = view.get("board") or {}
    return all(_path(board, k) == v for k, v in entry.board.items())


_MD = MarkdownIt("commonmark", {"typographer": True}).enable(["table", "replacements"])


def render(markdown: str) -> str:
    """HTML of the help, each ``##``/``###`` heading with its anchor as id."""
    tokens = _MD.parse(markdown)
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.tag in ("h2", "h3"):
            tok.attrSet("id", slug(tokens[i + 1].content))
    return str(_MD.renderer.render(tokens, _MD.options, {}))


def _sections(markdown: str, file: str) -> list[Section]:
    out = []
    for tok_i, tok in enumerate(tokens := _MD.parse(markdown)):
        if tok.type == "heading_open" and tok.tag in ("h2", "h3"):
            title = tokens[tok_i + 1].content
            out.append(Section(slug(title), title, int(tok.tag[1])))
    seen: set[str] = set()
    for s in out:
        if s.id in seen:
            raise GameDataError(file, s.title, f"two sections have the anchor {s.id!r}")
        seen.add(s.id)
    return out


def folders(game: Game[Any]) -> list[Path]:
    """The folders whose help the game carries: its own (its class's module), then the
    packages above it up to warroom/games/<pkg> (a series)."""
    module = sys.modules.get(type(game).__module__) or importlib.import_module(
        type(game).__module__
    )
    here = Path(module.__file__ or "").parent
    games = Path(importlib.import_module("warroom.games").__file__ or "").parent
    out = []
    while here != games and games in here.parents:
        out.append(here)
        here = here.parent
    return out


_TABLE = re.compile(r"^\{\{(\w+)\}\}$", re.MULTILINE)


def _fill(text: str, tables: Mapping[str, str], file: str) -> str:
    """``text`` with each ``{{name}}`` line replaced by the game's table of that name."""

    def table(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in tables:
            known = ", ".join(sorted(tables)) or "none"
            raise GameDataError(
                file, m.group(0), f"the game gives no such table (it gives: {known})"
            )
        return tables[name].strip()

    return _TABLE.sub(table, text)


@cache
def _load(
    game_id: str, where: tuple[Path, ...], tables: tuple[tuple[str, str], ...] = ()
) -> Help | None:
    texts: list[str] = []
    prompts: list[PromptEntry] = []
    walk: Walkthrough | None = None
    legend: str | None = None
    chapters: list[str] = []
    files: list[Path] = []
    for folder in where:  # the game's own folder first
        md = folder / HELP_MD
        if md.is_file():
            text = _fill(md.read_text(encoding="utf-8"), dict(tables), str(md.name))
            texts.insert(0, text)  # a series' rules come first
            files.append(md)
        toml = folder / HELP_TOML
        if toml.is_file():
            files.append(toml)
            raw = read(toml)
            hf = model(HelpFile, raw, toml.name, "(file)")
            prompts.extend(hf.prompt)
            walk = walk or hf.walkthrough
            legend = legend or hf.legend
            chapters = chapters or hf.replay.chapters
    if not texts:
        return None
    markdown = "\n\n".join(texts)
    sections = _sections(markdown, HELP_MD)
    ids = {s.id for s in sections}
    for e in prompts:
        if e.section not in ids:
            raise GameDataError(HELP_TOML, f"prompt -> {e.section}", "no such section")
    if legend is not None and legend not in ids:
        raise GameDataError(HELP_TOML, f"legend -> {legend}", "no such section")
    if walk is not None:
        for st in walk.step:
            if st.section is not None and st.section not in ids:
                raise GameDataError(
                    HELP_TOML, f"walkthrough step -> {st.section}", "no such section"
                )
    entries: list[Match] = [*prompts, *(walk.step if walk else [])]
    for m in entries:
        if m.text is not None:
            try:
                re.compile(m.text)
            except re.error as exc:
                raise GameDataError(HELP_TOML, m.text, f"not a regular expression: {exc}") from None
    return Help(
        game_id,
        markdown,
        tuple(sections),
        tuple(prompts),
        walk,
        legend,
        tuple(chapters),
        tuple(files),
    )


def help_for(game: Game[Any]) -> Help | None:
    """The game's help, or None if it carries none."""
    make = getattr(game, "help_tables", None)
    tables = tuple(sorted(make().items())) if callable(make) else ()
    return _load(game.id, tuple(folders(game)), tables)


class Coach:
    """The walkthrough's steps followed over a match, as the page follows them (coach.js):
    ``look`` at each prompt the learner gets, ``acted`` after each move he makes."""

    def __init__(self, walk: Walkthrough) -> None:
        self.walk = walk
        self.at = 0  # the first step that may still be shown
        self.shown: int | None = None
        self.seen: list[int] = []  # every step shown, in order
        self.done = False

    def look(self, prompt: Mapping[str, Any], view: Mapping[str, Any]) -> Step | None:
        """The step to show for this prompt (None: no step applies; keep the last one up)."""
        if self.done:
            return None
        w = self.walk
        if w.until is not None:
            now = _path(view.get("board") or {}, w.until)
            if isinstance(now, int | float) and now > w.beyond:
                self.done = True
                return None
        for j in range(self.at, len(self.walk.step)):
            if matches(self.walk.step[j], prompt, view):
                self.shown = j
                if not self.seen or self.seen[-1] != j:
                    self.seen.append(j)
                return self.walk.step[j]
        return None

    def acted(self) -> None:
        """The learner moved while ``shown`` was up: go past it (unless it repeats)."""
        if self.shown is None or self.done:
            return
        st = self.walk.step[self.shown]
        self.at = self.shown if st.repeat else self.shown + 1
        if self.shown == len(self.walk.step) - 1:
            self.done = True
        self.shown = None
