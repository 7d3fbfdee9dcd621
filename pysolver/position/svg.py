"""Pictures of positions: an SVG of the field as players know it from the playmat.

    >>> from pysolver.position.svg import board
    >>> svg_text = board(position, size=600)              # a str; Jupyter shows it (`_repr_svg_`)

In the spirit of python-chess's `chess.svg`: one `viewBox`, an optional pixel `size`, an `orientation`
(the player drawn at the bottom), `Arrow`s from place to place (instance ids or zone names: `H1`, `M3`,
`EMZL`, `oM2`, `GY4`), and the board as plain text in `<desc>` for screen readers and diffs.

The layout, for the player at the bottom (the player at the top is the same turned 180 degrees):

    [Field Zone] [M1] [M2] [M3] [M4] [M5] [GY]   [banished]
    [Extra Deck] [S1] [S2] [S3] [S4] [S5] [Deck]
                          hand

with the two shared Extra Monster Zones between the players, above Main Monster Zones 2 and 4 of player 0,
and the Pendulum Zones of Master Rule 3 outside the Spell & Trap row. Defense Position monsters are turned
90 degrees, face-down cards are card backs, Link Monsters show their arrows, Xyz Monsters a badge with the
number of their materials; every card carries its instance id, and its full name is in a tooltip (`<title>`).

Nothing here imports `pysolver.position.value`, not even for annotations (`Position._repr_svg_` imports
this module, and the import graph has no cycle): a position is read through its attributes only.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..errors import PysolverError

CARD_W, CARD_H = 58, 84         # a card, upright
CELL, ROW = 96, 104             # the pitch of the zone grid
MARGIN, STRIP = 10, 26          # outer margin; the strips with each player's name and Life Points
LABEL = 9                       # font size of instance ids
COLUMNS = range(-1, 8)          # -1: MR3 Pendulum Zone / the top player's banished pile; 0: Field Zone, Extra
                                # Deck; 1..5: the zones; 6: GY, Deck; 7: banished / MR3 Pendulum Zone
ROWS = 7                        # top hand, top S/T, top monsters, EMZ, bottom monsters, bottom S/T, bottom hand

DEFAULT_COLORS = {
    "background": "#2b3a2f", "zone": "#3d5243", "zone stroke": "#8fa596", "pendulum zone stroke": "#6fcf8f",
    "text": "#f2f2f2", "label": "#d8e6dc", "card stroke": "#1b1b1b", "back": "#7a4a22", "back oval": "#3b2410",
    "normal": "#e2c56b", "effect": "#d98a45", "ritual": "#7d9be0", "fusion": "#a877c2", "synchro": "#eeeeee",
    "xyz": "#3a3a3a", "link": "#2f6fba", "token": "#b9b9b9", "spell": "#2d9c8a", "trap": "#b5527f",
    "pendulum": "#56b37a", "link arrow": "#ff5a3c", "badge": "#f4d03f",
    "arrow green": "#15781bcc", "arrow red": "#b22222cc", "arrow blue": "#1f4fbfcc", "arrow yellow": "#e68f00cc",
}
_DARK = {"xyz", "link", "spell", "trap", "ritual", "fusion"}


class SvgText(str):
    """An SVG document as a string; Jupyter shows it as a picture."""

    def _repr_svg_(self) -> "SvgText":
        return self


@dataclass(frozen=True)
class Arrow:
    """An arrow from one place to another: instance ids or zone names (`H1`, `M3`, `EMZR`, `oM2`, `ED1`,
    `direct` for the opponent's Life Points). An arrow from a place to itself is drawn as a circle."""

    tail: str
    head: str
    color: str = "green"


# --------------------------------------------------------------------------------------------------
# Where things are

def _grid(column: float, row: float) -> tuple[float, float]:
    return (MARGIN + (column - COLUMNS.start) * CELL + CELL / 2, STRIP + row * ROW + ROW / 2)


def _turn(column: float, row: float, flip: bool) -> tuple[float, float]:
    """Player 1's half is player 0's turned 180 degrees about the middle of the Extra Monster Zone row,
    whose centre is above Main Monster Zone 3: column c -> 6 - c, row r -> 6 - r."""
    return (6 - column, 6 - row) if flip else (column, row)


class _Layout:
    """Centres of zones and piles in the picture, by zone name relative to the turn player (`M3`, `oS2`)."""

    def __init__(self, position: "pysolver.position.Position", orientation: int):
        self.position = position
        self.orientation = orientation
        self.turn_player = position.turn_player
        self.width = 2 * MARGIN + len(COLUMNS) * CELL
        self.height = 2 * STRIP + ROWS * ROW
        self.centres: dict[str, tuple[float, float]] = {}
        for player in (0, 1):
            prefix = "" if player == self.turn_player else "o"
            cells = {f"M{i}": (i, 4) for i in range(1, 6)}
            cells.update({f"S{i}": (i, 5) for i in range(1, 6)})
            cells.update({"FZ": (0, 4), "ED": (0, 5), "GY": (6, 4), "DK": (6, 5), "BN": (7, 4), "H": (3, 6)})
            if position.rules == 3:
                cells.update({"PZL": (-1, 5), "PZR": (7, 5)})
            for name, (column, row) in cells.items():
                self._place(prefix + name, column, row, player)
        if position.rules != 3:
            for name, column in (("EMZL", 2), ("EMZR", 4)):
                self._place(name, column, 3, 0)

    def _place(self, name: str, column: float, row: float, player: int) -> None:
        column, row = _turn(column, row, player == 1)
        column, row = _turn(column, row, self.orientation == 1)
        self.centres[name] = _grid(column, row)

    def bottom(self, player: int) -> bool:
        return player == self.orientation

    def hand_centres(self, player: int, count: int) -> list[tuple[float, float]]:
        """The cards of a hand side by side, closer together when there are many, left to right from the
        holder's side."""
        prefix = "" if player == self.turn_player else "o"
        cx, cy = self.centres[prefix + "H"]
        room = (len(COLUMNS) - 0.6) * CELL
        pitch = min(CARD_W + 10, room / max(count, 1))
        direction = 1 if self.bottom(player) else -1
        first = cx - direction * pitch * (count - 1) / 2
        return [(first + direction * pitch * i, cy) for i in range(count)]

    def place(self, name: str, instances: Mapping) -> tuple[float, float]:
        """The centre of a zone or instance: `M3`, `oEMZL` (same as `EMZL`), `H2`, `GY4`, `M4.1`, `direct`."""
        if name in self.centres:
            return self.centres[name]
        bare = name[1:] if name.startswith("o") else name
        if bare in ("EMZL", "EMZR") and bare in self.centres:
            return self.centres[bare]
        if name == "direct":    # the opponent's Life Points
            opponent = 1 - self.turn_player
            return (self.width / 2, STRIP / 2 if not self.bottom(opponent) else self.height - STRIP / 2)
        instance = instances.get(name)
        if instance is None:
            raise PysolverError(f"no zone or card instance {name!r} in this position")
        if instance.host is not None:
            return self.place(instance.host, instances)
        prefix = "o" if name.startswith("o") else ""
        if instance.location == "hand":
            count = len(self.position.players[instance.player].hand)
            return self.hand_centres(instance.player, count)[instance.index - 1]
        pile = {"graveyard": "GY", "banished": "BN", "extra_deck": "ED", "deck": "DK"}.get(instance.location)
        if pile:
            return self.centres[prefix + pile]
        raise PysolverError(f"card instance {name!r} has no place in the picture")   # every zone is in centres


# --------------------------------------------------------------------------------------------------
# Drawing

def _color(colors: Mapping[str, str], key: str) -> str:
    return colors.get(key, DEFAULT_COLORS[key])


def _kind(card) -> str:
    kinds = card.kinds
    for kind in ("token", "link", "xyz", "synchro", "fusion", "ritual", "spell", "trap"):
        if kind in kinds:
            return kind
    return "normal" if "normal" in kinds and "effect" not in kinds else "effect"


def _lines(name: str, width: int = 12, most: int = 3) -> list[str]:
    """The name in up to `most` lines of about `width` characters, the last shortened with an ellipsis."""
    words, lines, line = name.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    lines = [text if len(text) <= width + 2 else text[:width] + "…" for text in lines]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][:width - 1] + "…"
    return lines


def _stats(card) -> str:
    if "link" in card.kinds:
        return f"LINK-{card.link_rating} {_number(card.atk)}"
    if card.is_monster:
        level = f"R{card.rank}" if card.rank is not None else f"Lv{card.level}" if card.level else ""
        return f"{level} {_number(card.atk)}/{_number(card.defense)}".strip()
    return "Spell" if "spell" in card.kinds else "Trap" if "trap" in card.kinds else ""


def _number(value) -> str:
    return "?" if value is None else str(value)


def _text(parent, x: float, y: float, text: str, *, size: float, color: str, cls: str, anchor: str = "middle",
          weight: str | None = None) -> ET.Element:
    attributes = {"x": f"{x:.1f}", "y": f"{y:.1f}", "font-size": f"{size:g}", "fill": color,
                  "text-anchor": anchor, "class": cls}
    if weight:
        attributes["font-weight"] = weight
    element = ET.SubElement(parent, "text", attributes)
    element.text = text
    return element


_ARROW_POINTS = {   # Link Arrows as seen by the card's controller, on the card's edges (x, y, rotation)
    "T": (0, -1, 0), "B": (0, 1, 180), "L": (-1, 0, 270), "R": (1, 0, 90),
    "TL": (-1, -1, 315), "TR": (1, -1, 45), "BL": (-1, 1, 225), "BR": (1, 1, 135),
}


def _card(svg, colors, *, iid: str, card, centre, angle: int, face_up: bool, defense: bool, title: str,
          materials: tuple = ()) -> ET.Element:
    """One card: its frame turned to its controller (and 90 degrees more in Defense Position), its name
    and stats upright so they read from the bottom, its instance id below it."""
    cx, cy = centre
    group = ET.SubElement(svg, "g", {"class": "card", "id": f"card-{iid}", "data-instance": iid,
                                     "data-passcode": str(card.passcode)})
    ET.SubElement(group, "title").text = title
    turn = angle + (90 if defense else 0)
    frame = ET.SubElement(group, "g", {"transform": f"translate({cx:.1f},{cy:.1f}) rotate({turn})"})
    x0, y0 = -CARD_W / 2, -CARD_H / 2
    if not face_up:
        ET.SubElement(frame, "rect", {"x": f"{x0}", "y": f"{y0}", "width": str(CARD_W), "height": str(CARD_H),
                                      "rx": "3", "fill": _color(colors, "back"),
                                      "stroke": _color(colors, "card stroke"), "class": "back"})
        ET.SubElement(frame, "ellipse", {"cx": "0", "cy": "0", "rx": str(CARD_W * 0.32), "ry": str(CARD_H * 0.3),
                                         "fill": _color(colors, "back oval")})
    else:
        kind = _kind(card)
        ET.SubElement(frame, "rect", {"x": f"{x0}", "y": f"{y0}", "width": str(CARD_W), "height": str(CARD_H),
                                      "rx": "3", "fill": _color(colors, kind), "stroke": _color(colors, "card stroke"),
                                      "class": f"face {kind}"})
        if "pendulum" in card.kinds:
            ET.SubElement(frame, "rect", {"x": f"{x0}", "y": "0", "width": str(CARD_W), "height": str(CARD_H / 2),
                                          "fill": _color(colors, "pendulum"), "opacity": "0.85"})
        if "link" in card.kinds:
            for arrow in sorted(card.arrows):
                ax, ay, rot = _ARROW_POINTS[arrow]
                px, py = ax * (CARD_W / 2 - 4), ay * (CARD_H / 2 - 4)
                ET.SubElement(frame, "polygon", {
                    "points": "0,-5 5,2 -5,2", "fill": _color(colors, "link arrow"), "class": f"link-arrow {arrow}",
                    "transform": f"translate({px:.1f},{py:.1f}) rotate({rot})"})
        ink = "#ffffff" if kind in _DARK else "#111111"
        names = _lines(card.name)
        top = cy - 6 * len(names) + 2
        for n, line in enumerate(names):
            _text(group, cx, top + n * 10, line, size=7.5, color=ink, cls="name")
        _text(group, cx, cy + 26 if not defense else cy + 22, _stats(card), size=7, color=ink, cls="stats")
    if materials:
        bx, by = cx + (CARD_H if defense else CARD_W) / 2 - 2, cy - (CARD_W if defense else CARD_H) / 2 + 2
        badge = ET.SubElement(group, "g", {"class": "materials", "data-count": str(len(materials))})
        ET.SubElement(badge, "title").text = "Xyz Materials: " + "; ".join(materials)
        ET.SubElement(badge, "circle", {"cx": f"{bx:.1f}", "cy": f"{by:.1f}", "r": "9",
                                        "fill": _color(colors, "badge"), "stroke": _color(colors, "card stroke")})
        _text(badge, bx, by + 3.5, str(len(materials)), size=10, color="#111111", cls="count", weight="bold")
    label_y = cy + (CARD_W if defense else CARD_H) / 2 + LABEL + 1
    _text(group, cx, label_y, iid, size=LABEL, color=_color(colors, "label"), cls="iid", weight="bold")
    return group


def _zone(svg, colors, name: str, centre, cls: str, label: str, pendulum: bool = False) -> None:
    cx, cy = centre
    stroke = _color(colors, "pendulum zone stroke" if pendulum else "zone stroke")
    ET.SubElement(svg, "rect", {"id": f"zone-{name}", "class": f"zone {cls}", "x": f"{cx - CELL / 2 + 4:.1f}",
                                "y": f"{cy - ROW / 2 + 3:.1f}", "width": str(CELL - 8), "height": str(ROW - 6),
                                "rx": "4", "fill": _color(colors, "zone"), "stroke": stroke})
    _text(svg, cx - CELL / 2 + 8, cy - ROW / 2 + 12, label, size=7, color=stroke, cls="zone-name", anchor="start")


def _pile(svg, colors, name: str, centre, label: str, entries: list[str], face_up: int = 0) -> None:
    """A pile (Extra Deck, Deck, GY, banished): a stack with its count; the tooltip lists the cards."""
    cx, cy = centre
    group = ET.SubElement(svg, "g", {"class": "pile", "id": f"pile-{name}", "data-count": str(len(entries))})
    ET.SubElement(group, "title").text = f"{label}: {len(entries)} cards" + (
        "\n" + "\n".join(entries) if entries else "")
    for depth in range(min(len(entries), 3) - 1, -1, -1):
        ET.SubElement(group, "rect", {"x": f"{cx - CARD_W / 2 + 2 * depth:.1f}", "y": f"{cy - CARD_H / 2 - 2 * depth:.1f}",
                                      "width": str(CARD_W), "height": str(CARD_H), "rx": "3",
                                      "fill": _color(colors, "back"), "stroke": _color(colors, "card stroke")})
    text = str(len(entries)) + (f" ({face_up} up)" if face_up else "")
    _text(group, cx, cy + 4, text, size=13 if not face_up else 10, color=_color(colors, "text"), cls="count",
          weight="bold")
    _text(group, cx, cy + CARD_H / 2 + LABEL + 1, label, size=LABEL, color=_color(colors, "label"), cls="pile-name",
          weight="bold")


def _arrow(svg, colors, tail, head, color: str) -> None:
    """An arrow as python-chess draws one: a shaft and a triangular head, or a circle for tail == head."""
    color = colors.get(f"arrow {color}", DEFAULT_COLORS.get(f"arrow {color}", color))
    (xt, yt), (xh, yh) = tail, head
    if math.hypot(xh - xt, yh - yt) < 1:
        ET.SubElement(svg, "circle", {"cx": f"{xh:.1f}", "cy": f"{yh:.1f}", "r": str(CARD_H * 0.55),
                                      "stroke": color, "stroke-width": "5", "fill": "none", "class": "circle"})
        return
    size, gap = 22.0, 6.0
    dx, dy = xh - xt, yh - yt
    length = math.hypot(dx, dy)
    sx, sy = xh - dx * (size + gap) / length, yh - dy * (size + gap) / length
    tx, ty = xh - dx * gap / length, yh - dy * gap / length
    ET.SubElement(svg, "line", {"x1": f"{xt:.1f}", "y1": f"{yt:.1f}", "x2": f"{sx:.1f}", "y2": f"{sy:.1f}",
                                "stroke": color, "stroke-width": "8", "stroke-linecap": "butt", "class": "arrow"})
    corners = [(tx, ty), (sx + dy * 0.5 * size / length, sy - dx * 0.5 * size / length),
               (sx - dy * 0.5 * size / length, sy + dx * 0.5 * size / length)]
    ET.SubElement(svg, "polygon", {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in corners), "fill": color,
                                   "class": "arrow"})


_PHASES = {"main1": "Main Phase 1", "battle": "Battle Phase", "main2": "Main Phase 2"}
_POSITIONS = {"attack": "face-up Attack Position", "defense": "face-up Defense Position",
              "set": "face-down Defense Position"}


def _title(iid: str, instance) -> str:
    """The tooltip: instance id, full name, how it lies, passcode."""
    card, state = instance.card, instance.state
    if instance.location in ("monster_zone", "extra_monster_zone"):
        how = _POSITIONS[state.position]
    else:
        how = "face-up" if state.face_up else "Set"
    return f"{iid}: {card.name} ({how}) [{card.passcode}]"


def board(position: "pysolver.position.Position", *, orientation: int | None = None, size: int | None = None,
          arrows: Iterable[Arrow | tuple[str, str]] = (), play=None, zone: str | None = None, colors: Mapping[str, str] | None = None,
          style: str | None = None) -> SvgText:
    """The position as an SVG document.

    orientation: the player (0 or 1) drawn at the bottom; default the turn player.
    size: the width in pixels (the height follows the viewBox); None for no fixed size.
    arrows: `Arrow`s or (tail, head) pairs of instance ids or zone names.
    play: a `Play` of this position, drawn as arrows (see `play_arrows`), to `zone` or its first zone.
    colors: overrides of DEFAULT_COLORS; style: a CSS stylesheet to include.
    """
    colors = dict(colors or {})
    if orientation is None:
        orientation = position.turn_player
    if orientation not in (0, 1):
        raise PysolverError(f"orientation must be 0 or 1, not {orientation!r}")
    layout = _Layout(position, orientation)
    instances = position.instances
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
                              "viewBox": f"0 0 {layout.width} {layout.height}",
                              "font-family": "DejaVu Sans, Arial, Helvetica, sans-serif"})
    if size is not None:
        root.set("width", str(size))
        root.set("height", str(round(size * layout.height / layout.width)))
    ET.SubElement(root, "desc").text = text_board(position, orientation)
    if style:
        ET.SubElement(root, "style").text = style
    ET.SubElement(root, "rect", {"x": "0", "y": "0", "width": str(layout.width), "height": str(layout.height),
                                 "fill": _color(colors, "background"), "class": "background"})
    _strips(root, colors, position, layout)
    zones = ET.SubElement(root, "g", {"class": "zones"})
    for player in (0, 1):
        prefix = "" if player == position.turn_player else "o"
        for i in range(1, 6):
            _zone(zones, colors, f"{prefix}M{i}", layout.centres[f"{prefix}M{i}"], "mmz", f"M{i}")
            pendulum = position.rules != 3 and i in (1, 5)
            _zone(zones, colors, f"{prefix}S{i}", layout.centres[f"{prefix}S{i}"], "stz",
                  f"S{i} / Pendulum" if pendulum else f"S{i}", pendulum)
        _zone(zones, colors, f"{prefix}FZ", layout.centres[f"{prefix}FZ"], "field", "Field")
        if position.rules == 3:
            for side in ("PZL", "PZR"):
                _zone(zones, colors, prefix + side, layout.centres[prefix + side], "pendulum", side, True)
    if position.rules != 3:
        for side in ("EMZL", "EMZR"):
            _zone(zones, colors, side, layout.centres[side], "emz", side)
    piles = ET.SubElement(root, "g", {"class": "piles"})
    for player in (0, 1):
        prefix = "" if player == position.turn_player else "o"
        state = position.players[player]
        for key, label, entries in (("ED", "Extra Deck", state.extra_deck), ("GY", "GY", state.graveyard),
                                    ("BN", "Banished", state.banished)):
            ids = [f"{prefix}{key}{i}: {e.card.name}" + (" (face-up)" if getattr(e, "face_up", False) and key == "ED"
                                                        else "") for i, e in enumerate(entries, 1)]
            up = sum(1 for e in entries if e.face_up) if key == "ED" else 0
            _pile(piles, colors, prefix + key, layout.centres[prefix + key], prefix + label if prefix else label,
                  ids, up)
        _pile(piles, colors, prefix + "DK", layout.centres[prefix + "DK"], prefix + "Deck" if prefix else "Deck",
              [f"{prefix}DK{i}: {c.name}" for i, c in enumerate(state.deck, 1)])
    cards = ET.SubElement(root, "g", {"class": "cards"})
    for iid, instance in instances.items():
        if instance.location in ("graveyard", "banished", "extra_deck", "deck", "overlay"):
            continue
        state = instance.state
        if instance.location == "hand":
            centre = layout.place(iid, instances)
            angle = 0 if layout.bottom(instance.player) else 180
            _card(cards, colors, iid=iid, card=instance.card, centre=centre, angle=angle, face_up=True,
                  defense=False, title=f"{iid}: {instance.card.name} (hand) [{instance.card.passcode}]")
            continue
        centre = layout.place(iid, instances)
        angle = 0 if layout.bottom(instance.player) else 180
        materials = tuple(f"{iid}.{n}: {c.name}" for n, c in enumerate(getattr(state, "materials", ()), 1))
        defense = instance.location in ("monster_zone", "extra_monster_zone") and state.position != "attack"
        _card(cards, colors, iid=iid, card=instance.card, centre=centre, angle=angle, face_up=state.face_up,
              defense=defense, title=_title(iid, instance), materials=materials)
    drawn = list(arrows) + (play_arrows(play, zone) if play is not None else [])
    if drawn:
        layer = ET.SubElement(root, "g", {"class": "arrows"})
        for arrow in drawn:
            tail, head, color = ((arrow.tail, arrow.head, arrow.color) if isinstance(arrow, Arrow)
                                 else (arrow[0], arrow[1], "green"))
            _arrow(layer, colors, layout.place(tail, instances), layout.place(head, instances), color)
    return SvgText(ET.tostring(root, encoding="unicode"))


def _strips(root, colors, position, layout: _Layout) -> None:
    """Each player's name, Life Points and turn facts in the strip on their side."""
    for player in (0, 1):
        state = position.players[player]
        who = f"Player {player}" + (" (turn player)" if player == position.turn_player else "")
        text = f"{who} · LP {state.lp} · hand {len(state.hand)}"
        if player == position.turn_player:
            text += (f" · turn {position.turn}, {_PHASES.get(position.phase, position.phase)}, "
                     f"Master Rule {position.rules}")
        y = layout.height - STRIP / 2 + 4 if layout.bottom(player) else STRIP / 2 + 4
        _text(root, MARGIN + 4, y, text, size=11, color=_color(colors, "text"), cls=f"player player{player}",
              anchor="start", weight="bold")


# --------------------------------------------------------------------------------------------------
# Plays as arrows, the board as text

def play_arrows(play, zone: str | None = None) -> list[Arrow]:
    """Arrows that show a play (a `pysolver.position.play.Play`): from each Tribute, material or cost (red)
    to where the summoned card goes, from the card to its zone (green; `zone`, else the first of its
    zones), from a card to its target (blue), and a circle on a card that changes in place (Flip Summon,
    a change of battle position)."""
    arrows: list[Arrow] = []
    cards = list(play.cards or ()) or ([play.card] if play.card else [])
    zones = play.zones
    if isinstance(zones, Mapping):
        destinations = {card: (zones.get(card) or (None,))[0] for card in cards}
    else:
        if zone is not None and zone not in (zones or ()) and zone != play.zone:
            raise PysolverError(f"zone {zone!r} is not one of the play's zones ({', '.join(zones or ()) or 'none'})")
        first = zone or play.zone or (zones[0] if zones else None)
        destinations = {card: first for card in cards}
    for card in cards:
        if play.action in ("change_position", "flip_summon"):
            arrows.append(Arrow(card, card, "yellow"))
        elif destinations[card] and destinations[card] != card:
            arrows.append(Arrow(card, destinations[card], "green"))
    end = next((zone for zone in destinations.values() if zone), None) or (cards[0] if cards else play.spell)
    for key in ("tributes", "materials", "cost"):
        for used in getattr(play, key) or ():
            if end and used != end:
                arrows.append(Arrow(used, end, "red"))
    if play.target:
        source = play.spell or (cards[0] if cards else None)
        if source:
            arrows.append(Arrow(source, play.target, "blue"))
    if play.spell and not play.target and end and play.spell != end:
        arrows.append(Arrow(play.spell, end, "blue"))
    return arrows


def text_board(position: "pysolver.position.Position", orientation: int | None = None) -> str:
    """The board as plain text, top player first: one line per row of zones, `.` for an empty zone,
    `[x]` for a face-down card, `(def)` for face-up Defense Position, `+n` for Xyz Materials."""
    if orientation is None:
        orientation = position.turn_player
    instances = position.instances

    def cell(name: str) -> str:
        instance = instances.get(name)
        if instance is None:
            return f"{name} ."
        state = instance.state
        text = instance.card.name
        if state is not None and not state.face_up:
            text = f"[{text}]"
        elif getattr(state, "position", None) == "defense":
            text += " (def)"
        if getattr(state, "materials", ()):
            text += f" +{len(state.materials)}"
        return f"{name} {text}"

    def half(player: int) -> list[str]:
        prefix = "" if player == position.turn_player else "o"
        state = position.players[player]
        who = f"player {player}" + (" (turn player)" if player == position.turn_player else "")
        piles = (f"Extra Deck {len(state.extra_deck)}, Deck {len(state.deck)}, GY {len(state.graveyard)}, "
                 f"banished {len(state.banished)}")
        hand = ", ".join(f"{prefix}H{i} {c.name}" for i, c in enumerate(state.hand, 1)) or "(empty)"
        monsters = " | ".join(cell(f"{prefix}M{i}") for i in range(1, 6))
        spells = " | ".join(cell(f"{prefix}S{i}") for i in range(1, 6))
        if position.rules == 3:
            spells += " | " + " | ".join(cell(prefix + side) for side in ("PZL", "PZR"))
        lines = [f"{who}: LP {state.lp}; {piles}", f"  hand: {hand}", f"  monsters: {monsters}",
                 f"  spells/traps: {spells}", f"  field: {cell(prefix + 'FZ')}"]
        if state.graveyard:
            lines.append("  GY: " + ", ".join(e.card.name for e in state.graveyard))
        if state.banished:
            lines.append("  banished: " + ", ".join(e.card.name for e in state.banished))
        return lines

    top = 1 - orientation
    head = (f"turn {position.turn}, {_PHASES.get(position.phase, position.phase)}, Master Rule {position.rules}; "
            f"player {position.turn_player} to play; ids relative to the turn player (o: the opponent)")
    middle = []
    if position.rules != 3:
        middle = ["Extra Monster Zones: " + " | ".join(cell(side) for side in ("EMZL", "EMZR"))]
    return "\n".join([head] + half(top) + middle + half(orientation))


def to_png(svg_text: str, path: str, *, width: int | None = None) -> None:
    """Write the SVG as a PNG with the optional `cairosvg` package (`pip install "pysolver[png]"`)."""
    try:
        import cairosvg
    except (ImportError, OSError):     # OSError: the package is there but the cairo library is not
        raise PysolverError("PNG output needs the optional cairosvg package (pip install cairosvg, or the "
                            "pysolver[png] extra); --svg writes the picture without it") from None
    try:
        cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), write_to=str(path), output_width=width)
    except OSError as error:
        raise PysolverError(f"cannot write the PNG: {error}", source=str(path)) from None
