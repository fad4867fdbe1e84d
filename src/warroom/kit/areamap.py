"""Area maps: areas joined by borders, terrain on borders, paths and distances with blocking rules.

An area map is fixed data, built once per game module and shared by every state.
Areas are named by string ids; borders carry a kind ("" for an open border, or a
river, straits, ...). Searches take a ``passable(area)`` predicate (the blocking rule
of the moment, e.g. "no enemy units") and, where needed, a ``crossable(a, b)`` one for
borders, so one map serves movement, supply, retreats and isolation.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

Passable = Callable[[str], bool]
_KEEP = 512  # open-map distances kept per map (forgotten all at once when full)
Crossable = Callable[[str, str], bool]


@dataclass(frozen=True, slots=True)
class Area:
    """One area: its id, kind ("land", "sea"), terrain, drawing position and free-form tags."""

    id: str
    kind: str = "land"
    terrain: str = "clear"
    x: int = 0
    y: int = 0
    tags: frozenset[str] = field(default_factory=frozenset)


class MapError(ValueError):
    """A map that cannot be built: an unknown area, a border to itself, a one-way border."""


class AreaMap:
    """Adjacency and border kinds of a set of areas, with breadth-first searches."""

    __slots__ = ("_border", "_open", "areas", "neighbors")

    def __init__(self, areas: Iterable[Area], borders: Iterable[tuple[str, str, str]]) -> None:
        self.areas: dict[str, Area] = {}
        for area in areas:
            if area.id in self.areas:
                raise MapError(f"area {area.id!r} is defined twice")
            self.areas[area.id] = area
        nb: dict[str, list[str]] = {a: [] for a in self.areas}
        self._border: dict[tuple[str, str], str] = {}
        for a, b, kind in borders:
            for x in (a, b):
                if x not in self.areas:
                    raise MapError(f"border {a!r}-{b!r} names an unknown area {x!r}")
            if a == b:
                raise MapError(f"area {a!r} cannot border itself")
            if (a, b) in self._border:
                if kind and not self._border[(a, b)]:
                    self._border[(a, b)] = self._border[(b, a)] = kind
                continue
            self._border[(a, b)] = self._border[(b, a)] = kind
            nb[a].append(b)
            nb[b].append(a)
        self.neighbors: dict[str, tuple[str, ...]] = {a: tuple(sorted(v)) for a, v in nb.items()}
        self._open: dict[tuple[tuple[str, ...], int | None], dict[str, int]] = {}

    def __contains__(self, area: object) -> bool:
        return area in self.areas

    def adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self._border

    def border(self, a: str, b: str) -> str:
        """The kind of the border between two adjacent areas ("" when open)."""
        try:
            return self._border[(a, b)]
        except KeyError:
            raise MapError(f"{a!r} and {b!r} are not adjacent") from None

    def distances(
        self,
        start: str | Iterable[str],
        passable: Passable | None = None,
        limit: int | None = None,
        crossable: Crossable | None = None,
    ) -> dict[str, int]:
        """Steps from ``start`` (an area or several) to every area reachable through passable ones.

        Start areas are always at distance 0; an impassable area is never entered.
        ``limit`` stops the search at that many steps. The areas come in the order a
        breadth-first search reaches them. Without ``passable`` and ``crossable`` (the open
        map) the answer is kept: the map never changes, so it holds for ever.
        """
        starts = (start,) if isinstance(start, str) else tuple(start)
        if passable is None and crossable is None:
            key = (starts, limit)
            kept = self._open.get(key)
            if kept is None:
                kept = self._search(starts, None, limit, None)
                if len(self._open) >= _KEEP:
                    self._open.clear()
                self._open[key] = kept
            return dict(kept)
        return self._search(starts, passable, limit, crossable)

    def _search(
        self,
        starts: tuple[str, ...],
        passable: Passable | None,
        limit: int | None,
        crossable: Crossable | None,
    ) -> dict[str, int]:
        # breadth first, a whole ring at a time (the order a first-in first-out queue gives)
        nbs = self.neighbors
        dist = {s: 0 for s in starts}
        ring = list(starts)
        d = 0
        while ring and (limit is None or d < limit):
            d += 1
            nxt: list[str] = []
            for a in ring:
                for b in nbs[a]:
                    if b in dist:
                        continue
                    if passable is not None and not passable(b):
                        continue
                    if crossable is not None and not crossable(a, b):
                        continue
                    dist[b] = d
                    nxt.append(b)
            ring = nxt
        return dist

    def distance(
        self, a: str, b: str, passable: Passable | None = None, limit: int | None = None
    ) -> int | None:
        """Steps from a to b, or None when b cannot be reached (within ``limit``)."""
        return self.distances(a, passable, limit).get(b)

    def path(
        self,
        a: str,
        b: str,
        passable: Passable | None = None,
        crossable: Crossable | None = None,
    ) -> list[str] | None:
        """A shortest path [a, ..., b] through passable areas (ties: first by sorted id)."""
        prev: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            x = queue.popleft()
            if x == b:
                out = [x]
                while prev[out[-1]] is not None:
                    out.append(prev[out[-1]])  # type: ignore[arg-type]
                return out[::-1]
            for y in self.neighbors[x]:
                if y in prev or (passable is not None and y != b and not passable(y)):
                    continue
                if passable is not None and y == b and not passable(y):
                    continue
                if crossable is not None and not crossable(x, y):
                    continue
                prev[y] = x
                queue.append(y)
        return None

    def within(self, start: str, steps: int, passable: Passable | None = None) -> set[str]:
        """Areas at most ``steps`` away (start included)."""
        return set(self.distances(start, passable, steps))

    def surrounded(self, area: str, blocked: Passable) -> bool:
        """True when every neighbour of ``area`` is blocked (e.g. enemy-held or impassable)."""
        return all(blocked(b) for b in self.neighbors[area])

    def positions(self) -> Mapping[str, tuple[int, int]]:
        return {a.id: (a.x, a.y) for a in self.areas.values()}
