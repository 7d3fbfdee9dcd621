"""`pysolver show`: the SVG's structure (zones, instance ids, counts, orientation, arrows), and real renders in a
headless Chromium (Debian's `chromium` package; skipped with a message when it is absent)."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from helpers import EXAMPLES, board as builder
from strategies import extra_deck_positions, pendulum_ritual_fusion_positions, positions
from pysolver import PysolverError, legal_plays, load_position
from pysolver.cli import main
from pysolver.position.svg import Arrow, board, play_arrows, text_board

EXAMPLE = str(EXAMPLES / "spec-example.yaml")
NS = {"svg": "http://www.w3.org/2000/svg"}
CHROMIUM = "/usr/bin/chromium"


def parse(svg_text: str) -> ET.Element:
    return ET.fromstring(svg_text)


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {element.get("id"): element for element in root.iter() if element.get("id")}


def centre(group: ET.Element) -> tuple[float, float]:
    """The centre of a card group: its frame's translate()."""
    frame = group.find("svg:g", NS)
    x, y = re.search(r"translate\(([-\d.]+),([-\d.]+)\)", frame.get("transform")).groups()
    return float(x), float(y)


def zone_centre(root, name) -> tuple[float, float]:
    rect = by_id(root)[f"zone-{name}"]
    return (float(rect.get("x")) + float(rect.get("width")) / 2, float(rect.get("y")) + float(rect.get("height")) / 2)


def full_board():
    """Every kind of thing a picture shows: a Link Monster in an Extra Monster Zone, an Xyz Monster with
    two materials, Defense Position and face-down monsters, Pendulum Scales, a Set Spell, piles."""
    b = builder(turn=3)
    b.hand("Dark Magician", "Kuriboh", "Polymerization")
    b.monster("left", "Decode Talker")
    b.monster(2, "Number 39: Utopia", materials=["Gagaga Magician", "Goblindbergh"])
    b.monster(3, "Celtic Guardian", position="defense")
    b.monster(4, "Sangan", position="set")
    b.spell_trap(1, "Stargazer Magician")
    b.spell_trap(3, "Mirror Force", position="set")
    b.spell_trap(5, "Timegazer Magician")
    b.extra_deck("Black Rose Dragon", "Linkuriboh")
    b.graveyard("Sangan", "Kuriboh", "Monster Reborn")
    b.banished("Goblindbergh")
    b.deck("Dark Magician", "Sangan", "Kuriboh", "Kuriboh")
    b.opponent.monster(1, "Linkuriboh")
    b.opponent.monster(5, "Gagaga Magician", position="set")
    b.opponent.hand("Kuriboh")
    return b.build()


# --------------------------------------------------------------------------------------------------
# Structure

def test_zones_of_master_rule_5_ZN_1_two_extra_monster_zones_shared():
    root = parse(board(full_board()))
    zones = [e for e in root.iter("{http://www.w3.org/2000/svg}rect") if "zone" in (e.get("class") or "").split()]
    names = sorted(e.get("id") for e in zones)
    expected = sorted([f"zone-{p}{z}" for p in ("", "o") for z in
                       ("M1", "M2", "M3", "M4", "M5", "S1", "S2", "S3", "S4", "S5", "FZ")] + ["zone-EMZL", "zone-EMZR"])
    assert names == expected
    # the Pendulum Zones are the ends of the Spell & Trap row (Master Rule 4/5, PEN-1)
    labels = {e.text for e in root.iter("{http://www.w3.org/2000/svg}text") if e.get("class") == "zone-name"}
    assert "S1 / Pendulum" in labels and "S5 / Pendulum" in labels and "S3" in labels


def test_master_rule_3_has_pendulum_zones_and_no_extra_monster_zones():
    b = builder(rules=3, turn=3)
    b.pendulum_zone("left", "Stargazer Magician").pendulum_zone("right", "Timegazer Magician")
    position = b.build()
    ids = by_id(parse(board(position)))
    assert "zone-EMZL" not in ids and "zone-EMZR" not in ids
    assert {"zone-PZL", "zone-PZR", "zone-oPZL", "zone-oPZR"} <= set(ids)
    assert "card-PZL" in ids and "card-PZR" in ids
    assert centre(ids["card-PZL"]) == zone_centre(parse(board(position)), "PZL")


def test_every_card_on_the_field_and_in_hand_is_drawn_with_its_instance_id_and_full_name():
    position = full_board()
    root = parse(board(position))
    ids = by_id(root)
    drawn = {key[len("card-"):] for key in ids if key.startswith("card-")}
    expected = {iid for iid, instance in position.instances.items()
                if instance.location not in ("graveyard", "banished", "extra_deck", "deck", "overlay")}
    assert drawn == expected
    for iid in expected:
        group = ids[f"card-{iid}"]
        title = group.find("svg:title", NS).text
        assert title.startswith(f"{iid}: {position[iid].card.name} (")
        labels = [t.text for t in group.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "iid"]
        assert labels == [iid]
        assert group.get("data-passcode") == str(position[iid].card.passcode)


def test_piles_show_their_counts_and_list_their_cards():
    position = full_board()
    ids = by_id(parse(board(position)))
    me = position.me
    for key, pile in (("ED", me.extra_deck), ("GY", me.graveyard), ("BN", me.banished), ("DK", me.deck)):
        group = ids[f"pile-{key}"]
        assert group.get("data-count") == str(len(pile))
        title = group.find("svg:title", NS).text
        assert title.count("\n") == len(pile) and f"{key}1: " in title
    assert ids["pile-oGY"].get("data-count") == "0"


def test_xyz_materials_are_a_badge_with_their_count_and_ids():
    ids = by_id(parse(board(full_board())))
    badge = ids["card-M2"].find("svg:g[@class='materials']", NS)
    assert badge.get("data-count") == "2"
    assert badge.find("svg:title", NS).text == "Xyz Materials: M2.1: Gagaga Magician; M2.2: Goblindbergh"
    assert ids["card-M3"].find("svg:g[@class='materials']", NS) is None


def test_defense_position_is_turned_90_degrees_and_face_down_cards_are_backs():
    ids = by_id(parse(board(full_board())))

    def rotation(iid):
        return int(re.search(r"rotate\((\d+)\)", ids[f"card-{iid}"].find("svg:g", NS).get("transform")).group(1))

    assert rotation("M2") == 0 and rotation("M3") == 90 and rotation("M4") == 90     # attack, defense, set
    assert rotation("oM1") == 180 and rotation("oM5") == 270                         # the opponent's half turned
    for iid in ("M4", "S3", "oM5"):     # face-down: a card back, the name only in the tooltip
        group = ids[f"card-{iid}"]
        assert group.find(".//svg:rect[@class='back']", NS) is not None
        assert not [t for t in group.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "name"]


def test_link_arrows_are_drawn_for_each_arrow_of_the_card():
    ids = by_id(parse(board(full_board())))
    arrows = [p.get("class") for p in ids["card-EMZL"].iter("{http://www.w3.org/2000/svg}polygon")]
    assert sorted(arrows) == ["link-arrow BL", "link-arrow BR", "link-arrow T"]       # Decode Talker
    assert [p.get("class") for p in ids["card-oM1"].iter("{http://www.w3.org/2000/svg}polygon")] == ["link-arrow B"]


def test_orientation_turns_the_board_and_the_extra_monster_zones_sit_above_mmz_2_and_4():
    position = full_board()
    root = parse(board(position))
    m1, om1 = zone_centre(root, "M1"), zone_centre(root, "oM1")
    assert m1[1] > om1[1]                                   # the turn player at the bottom
    assert m1[0] == zone_centre(root, "oM5")[0]             # zone 1 faces the opponent's zone 5
    assert zone_centre(root, "EMZL")[0] == zone_centre(root, "M2")[0]
    assert zone_centre(root, "EMZR")[0] == zone_centre(root, "M4")[0]
    assert zone_centre(root, "FZ")[0] < m1[0] < zone_centre(root, "M5")[0]    # Field Zone left of the monsters
    flipped = parse(board(position, orientation=1))
    assert zone_centre(flipped, "M1")[1] < zone_centre(flipped, "oM1")[1]
    # player 0's left Extra Monster Zone is still above player 0's zone 2, now on the right of the picture
    assert zone_centre(flipped, "EMZL")[0] == zone_centre(flipped, "M2")[0] == zone_centre(flipped, "oM4")[0]
    assert zone_centre(flipped, "EMZL")[0] > zone_centre(flipped, "EMZR")[0]


def test_viewbox_size_and_the_plain_text_board_in_desc():
    position = full_board()
    root = parse(board(position, size=600))
    _, _, width, height = map(float, root.get("viewBox").split())
    assert root.get("width") == "600" and int(root.get("height")) == round(600 * height / width)
    assert root.get("width") is not None and parse(board(position)).get("width") is None
    desc = root.find("svg:desc", NS).text
    assert desc == text_board(position)
    assert "M2 Number 39: Utopia +2" in desc and "M3 Celtic Guardian (def)" in desc and "M4 [Sangan]" in desc
    assert "EMZL Decode Talker" in desc and "hand: H1 Dark Magician, H2 Kuriboh, H3 Polymerization" in desc


def test_repr_svg_is_the_board_for_jupyter():
    position = load_position(EXAMPLE)
    assert position._repr_svg_() == board(position)


def test_a_play_is_drawn_as_arrows_from_materials_to_the_summoned_card_and_its_zone():
    position = load_position(EXAMPLE)
    synchro = next(p for p in legal_plays(position) if p.action == "synchro_summon")
    assert play_arrows(synchro, "EMZR") == [Arrow("ED1", "EMZR", "green"), Arrow("M1", "EMZR", "red"),
                                           Arrow("M3", "EMZR", "red")]
    root = parse(board(position, play=synchro, zone="EMZR"))
    layer = root.find("svg:g[@class='arrows']", NS)
    assert len(layer.findall("svg:line", NS)) == 3 and len(layer.findall("svg:polygon", NS)) == 3
    change = next(p for p in legal_plays(position) if p.action == "change_position")
    assert play_arrows(change) == [Arrow(change.card, change.card, "yellow")]
    with pytest.raises(PysolverError, match="not one of the play's zones"):
        play_arrows(synchro, "S1")
    with pytest.raises(PysolverError, match="no zone or card instance 'oM9'"):
        board(position, arrows=[("H1", "oM9")])


# --------------------------------------------------------------------------------------------------
# The command line

def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_writes_an_svg_and_draws_a_play(capsys, tmp_path):
    path = tmp_path / "example.svg"
    code, out, _ = run(capsys, "show", EXAMPLE, "--svg", str(path), "--play", "4", "--zone", "EMZR", "--size", "500")
    assert code == 0 and out.startswith(f"wrote {path} with play 4 (ED1 Black Rose Dragon")
    root = parse(path.read_text())
    assert root.get("width") == "500" and root.find("svg:g[@class='arrows']", NS) is not None
    code, out, _ = run(capsys, "show", EXAMPLE)                   # no file: the SVG on stdout
    assert code == 0 and parse(out).tag == "{http://www.w3.org/2000/svg}svg"
    code, out, _ = run(capsys, "show", EXAMPLE, "--text")
    assert code == 0 and out.startswith("turn 3, Main Phase 1, Master Rule 5")


@pytest.mark.parametrize("argv, message", [
    (["--play", "99"], "play index 99 is out of range: the position has 9 plays"),
    (["--play", "4", "--zone", "S1"], "zone 'S1' is not one of the play's zones"),
    (["--zone", "M1"], "--zone needs --play"),
    (["--size", "0"], "--size must be 1 or more"),
    (["--orientation", "2"], "invalid choice"),
])
def test_show_bad_input_is_one_line_exit_2(capsys, argv, message):
    code, out, err = run(capsys, "show", EXAMPLE, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and out == ""


def test_png_without_cairosvg_is_a_clear_message(capsys, tmp_path):
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        code, _, err = run(capsys, "show", EXAMPLE, "--png", str(tmp_path / "x.png"))
        assert code == 2 and "PNG output needs the optional cairosvg package" in err
        assert not (tmp_path / "x.png").exists()
    else:
        code, _, _ = run(capsys, "show", EXAMPLE, "--png", str(tmp_path / "x.png"))
        assert code == 0 and (tmp_path / "x.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --------------------------------------------------------------------------------------------------
# Real renders in a headless browser

_PAGE = """<!doctype html><html><body><canvas id="c"></canvas><script>
const sources = %s;
const results = [];
let left = sources.length;
sources.forEach((source, n) => {
  const image = new Image();
  image.onload = () => {
    const canvas = document.getElementById("c");
    canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add(data[i] << 16 | data[i + 1] << 8 | data[i + 2]);
    results[n] = {ok: true, width: image.naturalWidth, height: image.naturalHeight, colours: colours.size};
    if (--left === 0) document.title = JSON.stringify(results);
  };
  image.onerror = () => { results[n] = {ok: false}; if (--left === 0) document.title = JSON.stringify(results); };
  image.src = "data:image/svg+xml;base64," + source;
});
</script></body></html>"""


def render(svgs: list[str], tmp_path: Path) -> list[dict]:
    """Load each SVG as an image in headless Chromium, draw it on a canvas and count its colours."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent (Debian package `chromium`): the SVGs are not rendered in a browser")
    sources = [base64.b64encode(svg.encode("utf-8")).decode("ascii") for svg in svgs]
    page = tmp_path / "render.html"
    page.write_text(_PAGE % json.dumps(sources), encoding="utf-8")
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000",
                           f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
                          capture_output=True, text=True, timeout=120)
    title = re.search(r"<title>(.*?)</title>", done.stdout, re.S)
    assert title, f"Chromium gave no result: {done.stderr[-500:]}"
    return json.loads(title.group(1).replace("&quot;", '"'))


def benchmark_positions():
    from benchmarks.families import link_wide, realistic, xyz_wide
    return [realistic(None, 1)[1], link_wide(4, 2)[1], xyz_wide(4, 3)[1]]


def test_the_example_and_three_benchmark_positions_render_in_a_headless_browser(tmp_path):
    example = load_position(EXAMPLE)
    synchro = next(p for p in legal_plays(example) if p.action == "synchro_summon")
    positions = [example] + benchmark_positions()
    svgs = [board(example, play=synchro)] + [board(p, size=700) for p in positions[1:]]
    svgs.append(board(positions[1], orientation=1))
    results = render(svgs, tmp_path)
    assert len(results) == len(svgs)
    for svg, result in zip(svgs, results):
        root = parse(svg)
        _, _, width, height = map(float, root.get("viewBox").split())
        assert result["ok"], "the browser could not decode the SVG"
        if root.get("width"):
            assert (result["width"], result["height"]) == (int(root.get("width")), int(root.get("height")))
        assert abs(result["width"] / result["height"] - width / height) < 0.02
        assert result["colours"] >= 8          # zones, cards of several kinds, text: not a blank page


def test_a_broken_svg_fails_to_render(tmp_path):
    """The render check can fail: a truncated document is not decoded."""
    svg = board(load_position(EXAMPLE))
    results = render([svg, svg[: len(svg) // 2]], tmp_path)
    assert results[0]["ok"] and not results[1]["ok"]


# --------------------------------------------------------------------------------------------------
# Generated positions (every Master Rule)


def _check_picture(position, orientation):
    root = parse(board(position, orientation=orientation))
    ids = by_id(root)
    for iid, instance in position.instances.items():
        if instance.location in ("graveyard", "banished", "extra_deck", "deck"):
            continue
        if instance.location == "overlay":
            badge = ids[f"card-{instance.host}"].find("svg:g[@class='materials']", NS)
            assert f"{iid}: {instance.card.name}" in badge.find("svg:title", NS).text
            continue
        assert ids[f"card-{iid}"].find("svg:title", NS).text.startswith(f"{iid}: {instance.card.name} (")
    for player in (0, 1):
        prefix = "" if player == position.turn_player else "o"
        state = position.players[player]
        for key, pile in (("ED", state.extra_deck), ("GY", state.graveyard), ("BN", state.banished),
                          ("DK", state.deck)):
            assert ids[f"pile-{prefix}{key}"].get("data-count") == str(len(pile))
    assert ("zone-EMZL" in ids) == (position.rules != 3) and ("zone-PZL" in ids) == (position.rules == 3)


@settings(max_examples=60)
@given(positions(), st.integers(0, 1))
def test_every_instance_of_generated_positions_is_drawn(position, orientation):
    _check_picture(position, orientation)


@settings(max_examples=40)
@given(extra_deck_positions(), st.integers(0, 1))
def test_every_instance_of_generated_extra_deck_positions_is_drawn(position, orientation):
    _check_picture(position, orientation)


@settings(max_examples=40)
@given(pendulum_ritual_fusion_positions(), st.integers(0, 1))
def test_every_instance_of_generated_pendulum_ritual_fusion_positions_is_drawn(position, orientation):
    _check_picture(position, orientation)
