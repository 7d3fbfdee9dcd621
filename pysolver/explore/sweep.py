"""Opening-hand sweeps: how often does a deck's opening hand reach a goal on turn 1?

    from pysolver.explore.sweep import sweep
    result = sweep("pysolver/examples/starter.ydk", "synchro>=1", hands=200, seed=1, workers=2, max_depth=4)
    result.reached, result.failed, result.cut, result.fraction, result.ci95
    print(result.text())

Each hand is drawn by shuffling the Main Deck with a generator seeded by (seed, hand number) and taking
its top 5 cards; the rest of the shuffled Main Deck is the Deck (top first), the Extra Deck is as
listed, and the position is turn 1, Main Phase 1, Master Rule 5 (`pysolver.cards.decks.position_data`). So
the same seed gives the same hands, and (without `timeout`, whose cuts depend on the machine) the
same results, whatever the number of workers or the executor.

Each hand is searched (`pysolver.explore.search.search`) within the bounds, by default with the asp engine
(whole lines as answer sets of the step-indexed turn, `pysolver.explore.plan`: same answers as the
breadth-first search, `engine="bfs"`, and 1.9-2.0x the hands per CPU-second on 160 starter-deck hands;
`python -m benchmarks run --family sweep` measures both, benchmarks/results/sweep.json). `max_nodes`
bounds the breadth-first search only: with the asp engine, bound a hand by `max_depth` or `timeout`.
A hand has one of three outcomes:
`reached` (a line was found), `failed` (the search exhausted the turn: no line exists) or `cut` (a
bound stopped the search first: nothing is known beyond "no line of `proved_depth` plays or fewer").
Cut hands are never counted as failures: `fraction` is reached / hands with a 95% Wilson interval,
`bounds_fraction` the range the true fraction lies in whatever the cut hands would do, and
`decided_fraction` the fraction among the hands that were decided.

Work runs on a pool of worker processes (`executor="process"`, spawned and recycled after
`recycle` hands, because clingo keeps its symbols for the life of a process), on Ray
(`executor="ray"`, `pip install pysolver[ray]`), or in this process (`workers=0`). Only plain data
(position dicts, results as dicts) crosses between processes.

`pysolver sweep DECK.ydk --goal GOAL --hands N --json` prints one object (format `pysolver-sweep/1`):

    {"format": "pysolver-sweep/1", "deck": "starter.ydk", "goal": "extra>=1", "hands": 1000, "seed": 1,
     "hand_size": 5, "workers": 2, "executor": "process",
     "bounds": {"max_depth": null, "max_nodes": null, "timeout": null, "lines": 1, "zones": "auto", "engine": "asp"},
     "reached": 412, "failed": 380, "cut": 208,
     "fraction": 0.412, "ci95": [0.381, 0.443],          # reached / hands, Wilson 95% interval
     "bounds_fraction": [0.412, 0.62],                     # whatever the cut hands would do
     "decided_fraction": 0.52, "decided_ci95": [...],      # among reached + failed (null if none)
     "first_plays": [{"play": "NS \"Glow-Up Bulb\" atk", "hands": 57}, ...],   # most common first
     "timings": {"wall_seconds": ..., "hands_per_second": ..., "mean_seconds_per_hand": ...,
                 "median_seconds_per_hand": ..., "max_seconds_per_hand": ..., "positions_expanded": ...,
                 "search_seconds": ..., "positions_per_second_per_worker": ...},   # positions: bfs only
     "results": [{"index": 0, "hand": ["Kuriboh", ...], "outcome": "reached" | "failed" | "cut",
                  "depth": 2, "line": ["NS H1 \"Kuriboh\" @M1 atk", ...], "first_plays": [...],
                  "exhausted": true, "reason": "...", "proved_depth": 1, "expanded": 3, "positions": 9,  # asp: 0
                  "search_seconds": 0.1, "seconds": 0.12}, ...]}

A first play is written with card names instead of instance ids and without its zone (`SYN "Junk
Warrior" <- "Junk Synchron" "Speed Warrior" atk`), so that the same play from different hands is
counted together; each hand counts each distinct first play of its kept lines (`lines`) once.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics as stats
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..cards.card import CardDB
from ..cards.load import load_cards
from ..cards.decks import Deck, read_ydk
from ..position.from_deck import position_data
from ..errors import PysolverError
from . import exploring
from .search import ENGINE, ENGINES, ZONE_MODES, check_engine

FORMAT = "pysolver-sweep/1"
HAND_SIZE = 5
EXECUTORS = ("process", "ray")
RECYCLE = 40            # hands a worker process searches before it is replaced


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default z)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


# --------------------------------------------------------------------------------------------------
# Hands

def draw(deck: Deck, seed: int, index: int) -> list:
    """The Main Deck shuffled for hand `index` of a sweep with `seed`: the hand is its top 5 cards."""
    cards = list(deck.main)
    random.Random(f"pysolver-sweep/{seed}/{index}").shuffle(cards)
    return cards


def hand_position(deck: Deck, cards: CardDB, seed: int, index: int) -> tuple[list[str], dict]:
    """(the hand's card names, the position as a `pysolver-position/1` mapping) for hand `index`."""
    shuffled = draw(deck, seed, index)
    hand = shuffled[:HAND_SIZE]
    data = position_data(replace(deck, main=tuple(shuffled)), cards, hand=[card.passcode for card in hand])
    return [card.name for card in hand], data


# --------------------------------------------------------------------------------------------------
# One hand (runs in a worker)

_WORKER: dict[str, Any] = {}


def _init_worker(cards_spec) -> None:
    _WORKER.clear()
    _WORKER["cards_spec"] = cards_spec


def _init_process_worker(cards_spec) -> None:
    """A worker process ignores Ctrl-C (sent to the whole process group): the main process stops the pool
    and reports the hands searched so far."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _init_worker(cards_spec)


def _worker_cards() -> CardDB:
    cards = _WORKER.get("cards")
    if cards is None:
        spec = _WORKER.get("cards_spec")
        cards = spec if isinstance(spec, CardDB) else load_cards(spec)
        _WORKER["cards"] = cards
    return cards


def _named(play, position) -> str:
    """The first play of a line with names instead of instance ids and without zone choices, so that
    the same play from different hands reads the same ("SYN "Junk Warrior" <- "Junk Synchron" ...")."""
    from ..position.notation import to_notation
    words = []
    for word in to_notation(play, position, names=False).split(" "):
        bare = word.split("=")[0]
        try:
            words.append(f'"{position[bare].card.name}"' if bare in position.instances else word)
        except PysolverError:
            words.append(word)
    return " ".join(words)


@exploring
def run_hand(task: dict) -> dict:
    """Search one hand; `task` and the result are plain data."""
    from .goals import parse_goal
    from ..position.files import position_from_dict
    from .search import search
    started = time.perf_counter()
    cards = _worker_cards()
    goals = _WORKER.setdefault("goals", {})
    goal = goals.get(task["goal"])
    if goal is None:
        goal = goals[task["goal"]] = parse_goal(task["goal"], cards)
    position = position_from_dict(task["position"], cards=cards, source=f"hand {task['index']}")
    bounds = task["bounds"]
    try:
        result = search(position, goal, max_depth=bounds.get("max_depth"), max_nodes=bounds.get("max_nodes"),
                        timeout=bounds.get("timeout"), all_lines=True, first_k=bounds.get("lines", 1),
                        zones=bounds.get("zones", "auto"), engine=bounds.get("engine", ENGINE))
    except PysolverError as error:   # the solver refuses the hand (a card it cannot read): undecided, not failed
        return {"index": task["index"], "hand": task["hand"], "outcome": "cut", "depth": None, "line": None,
                "first_plays": [], "exhausted": False, "reason": f"not searched: {error.detail}",
                "proved_depth": -1, "expanded": 0, "positions": 0, "search_seconds": 0.0,
                "seconds": round(time.perf_counter() - started, 4)}
    first_plays = []
    for line in result.lines:
        if line.moves:
            summary = _named(line.moves[0].play, position)
            battle_position = line.moves[0].choices.get("battle_position")
            if battle_position in ("attack", "defense") and line.moves[0].play.action != "set_monster":
                summary += " atk" if battle_position == "attack" else " def"
            if summary not in first_plays:
                first_plays.append(summary)
    outcome = "reached" if result.found else ("failed" if result.exhausted else "cut")
    return {"index": task["index"], "hand": task["hand"], "outcome": outcome, "depth": result.depth,
            "line": list(result.lines[0].notation) if result.lines else None, "first_plays": first_plays,
            "exhausted": result.exhausted, "reason": result.reason, "proved_depth": result.proved_depth,
            "expanded": result.statistics.get("expanded", 0), "positions": result.statistics["positions"],
            "search_seconds": result.statistics["seconds"], "seconds": round(time.perf_counter() - started, 4)}


# --------------------------------------------------------------------------------------------------
# Executors

def _run_local(tasks: list[dict], cards_spec) -> Iterator[dict]:
    saved = dict(_WORKER)
    _init_worker(cards_spec)
    try:
        for task in tasks:
            yield run_hand(task)
    finally:
        _WORKER.clear()
        _WORKER.update(saved)


def _run_processes(tasks: list[dict], cards_spec, workers: int, recycle: int) -> Iterator[dict]:
    context = multiprocessing.get_context("spawn")   # fresh interpreters: no clingo state inherited
    with context.Pool(processes=workers, initializer=_init_process_worker, initargs=(cards_spec,),
                      maxtasksperchild=recycle) as pool:
        yield from pool.imap_unordered(run_hand, tasks, chunksize=1)


def _ray_hand(task: dict, cards_spec) -> dict:
    if "cards_spec" not in _WORKER or _WORKER["cards_spec"] != cards_spec:
        _init_worker(cards_spec)
    return run_hand(task)


def _run_ray(tasks: list[dict], cards_spec, workers: int, recycle: int) -> Iterator[dict]:
    try:
        import ray
    except ImportError:
        raise PysolverError("--executor ray needs Ray, which is not installed: pip install pysolver[ray]") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False,
                 configure_logging=False, ignore_reinit_error=True)
    try:
        remote = ray.remote(num_cpus=1, max_calls=recycle)(_ray_hand)
        spec = ray.put(cards_spec)
        pending: list = []
        queue = list(tasks)
        window = max(1, workers) * 2
        while queue or pending:
            while queue and len(pending) < window:
                pending.append(remote.remote(queue.pop(0), spec))
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


# --------------------------------------------------------------------------------------------------
# The sweep

@dataclass
class SweepResult:
    deck: str
    goal: str
    hands: int
    seed: int
    workers: int
    executor: str
    bounds: dict
    results: list[dict]                         # one per hand, by hand number
    seconds: float
    reached: int = 0
    failed: int = 0
    cut: int = 0
    first_plays: list = field(default_factory=list)     # [(summary, hands)] most common first
    requested: int | None = None                # hands asked for, when fewer were searched (interrupted)
    reason: str | None = None                   # "interrupted" when Ctrl-C stopped the sweep

    @property
    def fraction(self) -> float:
        return self.reached / self.hands if self.hands else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.reached, self.hands)

    @property
    def bounds_fraction(self) -> tuple[float, float]:
        """The range of the true fraction whatever the cut hands would do."""
        return (self.reached / self.hands, (self.reached + self.cut) / self.hands) if self.hands else (0.0, 1.0)

    @property
    def decided(self) -> int:
        return self.reached + self.failed

    @property
    def decided_fraction(self) -> float | None:
        return self.reached / self.decided if self.decided else None

    def timings(self) -> dict:
        per_hand = [r["seconds"] for r in self.results] or [0.0]
        expanded = sum(r["expanded"] for r in self.results)
        busy = sum(r["search_seconds"] for r in self.results)
        bfs = self.bounds.get("engine") == "bfs"
        return {"wall_seconds": round(self.seconds, 3), "hands_per_second": round(self.hands / self.seconds, 3)
                if self.seconds > 0 else None, "mean_seconds_per_hand": round(stats.fmean(per_hand), 4),
                "median_seconds_per_hand": round(stats.median(per_hand), 4),
                "max_seconds_per_hand": round(max(per_hand), 4), "positions_expanded": expanded if bfs else None,
                "search_seconds": round(busy, 3),
                "positions_per_second_per_worker": round(expanded / busy, 1) if bfs and busy > 0 else None}

    def to_json(self) -> dict:
        low, high = self.ci95
        decided = self.decided_fraction
        return {"format": FORMAT, "deck": self.deck, "goal": self.goal, "hands": self.hands, "seed": self.seed,
                "hand_size": HAND_SIZE, "workers": self.workers, "executor": self.executor, "bounds": self.bounds,
                "reached": self.reached, "failed": self.failed, "cut": self.cut,
                "fraction": round(self.fraction, 6), "ci95": [round(low, 6), round(high, 6)],
                "bounds_fraction": [round(v, 6) for v in self.bounds_fraction],
                "decided_fraction": None if decided is None else round(decided, 6),
                "decided_ci95": [round(v, 6) for v in wilson(self.reached, self.decided)] if self.decided else None,
                "first_plays": [{"play": play, "hands": count} for play, count in self.first_plays],
                "timings": self.timings(), "results": self.results,
                "hands_requested": self.hands if self.requested is None else self.requested,
                "exhausted": self.reason is None, "reason": self.reason}

    def text(self, listed: int = 10) -> str:
        def pct(value: float) -> str:
            return f"{100 * value:.1f}%"
        low, high = self.ci95
        b = self.bounds
        bound_text = ", ".join(f"{name} {b[key]}" for key, name in (("max_depth", "max-depth"),
                               ("max_nodes", "max-nodes"), ("timeout", "timeout")) if b.get(key) is not None)
        out = [f"{self.deck}: {self.hands} hands of {HAND_SIZE} (seed {self.seed}), goal {self.goal}"
               + (f", bounds: {bound_text}" if bound_text else ", no bounds")]
        if self.reason is not None:
            out.append(f"NOT complete: {self.reason} after {self.hands} of {self.requested} hands (the figures "
                       "below are over the hands searched; slow hands are the likeliest to be missing)")
        out.append(f"reached: {self.reached}/{self.hands} = {pct(self.fraction)} (95% CI {pct(low)}-{pct(high)});"
                   f" failed: {self.failed}; cut: {self.cut}")
        if self.cut:
            lo, hi = self.bounds_fraction
            decided = self.decided_fraction
            among = (f"; among the {self.decided} decided hands: {pct(decided)} (95% CI "
                     + "-".join(pct(v) for v in wilson(self.reached, self.decided)) + ")") if self.decided else ""
            out.append(f"  {self.cut} searches were cut by the bounds and are NOT counted as failures: the true "
                       f"fraction is between {pct(lo)} and {pct(hi)}{among}")
        if self.first_plays:
            out.append("most common first plays (hands whose shortest lines start so):")
            out += [f"  {count:>5}  {play}" for play, count in self.first_plays[:listed]]
        for outcome, title in (("failed", "failed hands (the whole turn searched, no line)"),
                               ("cut", "cut hands (a bound stopped the search)")):
            chosen = [r for r in self.results if r["outcome"] == outcome]
            if not chosen:
                continue
            more = f" (first {listed} of {len(chosen)}; --json for all)" if len(chosen) > listed else ""
            out.append(f"{title}{more}:")
            for r in chosen[:listed]:
                why = f" -- {r['reason']}" if outcome == "cut" else ""
                out.append(f"  #{r['index']}: {'; '.join(r['hand'])}{why}")
        t = self.timings()
        rate = t["positions_per_second_per_worker"]
        who = "in this process" if self.executor == "in-process" else \
            f"with {self.workers} worker{'s' if self.workers != 1 else ''} ({self.executor})"
        out.append(f"time: {t['wall_seconds']:.1f} s wall {who}, {t['mean_seconds_per_hand']:.2f} s per hand (median "
                   f"{t['median_seconds_per_hand']:.2f}, max {t['max_seconds_per_hand']:.2f}), "
                   + (f"{t['positions_expanded']} positions expanded" + (f" ({rate:.0f}/s per worker)" if rate else "")
                      if t["positions_expanded"] is not None else "engine asp"))
        return "\n".join(out)


def _cards_spec(cards):
    """What a worker needs to load the same card pool: a path, None (the default), or the pool itself."""
    if cards is None or isinstance(cards, (str, Path)):
        return None if cards is None else str(cards)
    if isinstance(cards, CardDB):
        return cards
    raise PysolverError(f"cards must be a path or a CardDB, got {type(cards).__name__}")


def sweep(deck, goal, *, hands: int = 100, seed: int = 0, workers: int = 1, executor: str = "process",
          max_depth: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
          cards=None, lines: int = 1, zones: str = "auto", recycle: int = RECYCLE,
          progress: bool = False, engine: str = ENGINE) -> SweepResult:
    """Search `hands` random opening hands of `deck` (a `.ydk` path or a `Deck`) for `goal` (module
    docstring). `cards`: a card pool path or CardDB (default: $PYSOLVER_CARDS, else the built-in pool).
    `lines`: shortest lines kept per hand (their first plays are tallied). `workers=0` runs in this
    process. `engine`: "asp" (default) or "bfs", as for `search`; `max_nodes` needs "bfs"."""
    from .goals import as_goal
    started = time.perf_counter()
    if not isinstance(hands, int) or hands < 1:
        raise PysolverError(f"hands must be a whole number, 1 or more (got {hands!r})")
    if not isinstance(workers, int) or workers < 0:
        raise PysolverError(f"workers must be a whole number, 0 or more (got {workers!r})")
    if executor not in EXECUTORS:
        raise PysolverError(f"unknown executor {executor!r}; use one of {', '.join(EXECUTORS)}")
    if not isinstance(lines, int) or lines < 1:
        raise PysolverError(f"lines must be a whole number, 1 or more (got {lines!r})")
    check_engine(engine, max_nodes)
    spec = _cards_spec(cards)
    pool = spec if isinstance(spec, CardDB) else load_cards(spec)
    if not isinstance(deck, Deck):
        deck = read_ydk(deck, pool)
    if len(deck.main) < HAND_SIZE:
        raise PysolverError(f"the Main Deck has {len(deck.main)} cards: fewer than a hand of {HAND_SIZE}",
                            source=deck.source)
    goal_text = as_goal(goal, pool).text      # parsed here so that a bad goal fails before any work
    bounds = {"max_depth": max_depth, "max_nodes": max_nodes, "timeout": timeout, "lines": lines, "zones": zones,
              "engine": engine}
    tasks = []
    for index in range(hands):
        names, data = hand_position(deck, pool, seed, index)
        tasks.append({"index": index, "hand": names, "position": data, "goal": goal_text, "bounds": bounds})
    if executor == "ray":
        runner: Iterable[dict] = _run_ray(tasks, spec, workers or 1, recycle)
    elif workers == 0:
        runner = _run_local(tasks, spec)
    else:
        runner = _run_processes(tasks, spec, workers, recycle)
    results = []
    bar = _bar(progress, hands)
    interrupted = False
    try:
        for result in runner:
            results.append(result)
            if bar is not None:
                bar[0].update(bar[1], advance=1,
                              info=f"{sum(r['outcome'] == 'reached' for r in results)} reached, "
                                   f"{sum(r['outcome'] == 'cut' for r in results)} cut")
    except KeyboardInterrupt:       # Ctrl-C: report the hands searched so far
        interrupted = True
    finally:
        if bar is not None:
            bar[0].stop()
        close = getattr(runner, "close", None)
        if close is not None:
            close()                 # stops the worker pool now
    results.sort(key=lambda r: r["index"])
    counts = Counter(r["outcome"] for r in results)
    tally = Counter(play for r in results for play in r["first_plays"])
    first_plays = sorted(tally.items(), key=lambda item: (-item[1], item[0]))
    return SweepResult(deck=deck.source or "<deck>", goal=goal_text, hands=len(results) if interrupted else hands,
                       seed=seed, workers=workers,
                       executor=executor if workers or executor == "ray" else "in-process", bounds=bounds,
                       results=results, seconds=time.perf_counter() - started, reached=counts["reached"],
                       failed=counts["failed"], cut=counts["cut"], first_plays=first_plays,
                       requested=hands if interrupted else None, reason="interrupted" if interrupted else None)


def _bar(enabled: bool, total: int):
    if not enabled:
        return None
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    except ImportError:  # pragma: no cover - rich is a dependency
        return None
    progress = Progress(TextColumn("[bold]sweep[/]"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[info]}"), TimeElapsedColumn(), console=Console(stderr=True),
                        transient=True)
    progress.start()
    return progress, progress.add_task("sweep", total=total, info="")


# --------------------------------------------------------------------------------------------------
# The command line (`pysolver sweep`; its options are declared in pysolver.cli)

def add_arguments(parser) -> None:
    import os
    parser.add_argument("deck", help="the .ydk deck file")
    parser.add_argument("--goal", required=True, metavar="GOAL", help="what to reach (as for `pysolver search`)")
    parser.add_argument("--hands", type=int, required=True, metavar="N", help="how many random opening hands")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the seed of the hands (default 0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="W",
                        help="worker processes (default: the number of CPUs; 0: in this process)")
    parser.add_argument("--executor", choices=EXECUTORS, default="process",
                        help="process (default) or ray (pip install pysolver[ray])")
    parser.add_argument("--max-depth", type=int, metavar="D", help="lines of at most D plays")
    parser.add_argument("--max-nodes", type=int, metavar="N",
                        help="expand at most N positions per hand (--engine bfs only)")
    parser.add_argument("--timeout", type=float, metavar="S",
                        help="stop each hand's search after S seconds (results then depend on the machine)")
    parser.add_argument("--lines", type=int, default=1, metavar="K",
                        help="shortest lines kept per hand, whose first plays are tallied (default 1)")
    parser.add_argument("--zones", choices=ZONE_MODES, default="auto", help="as for `pysolver search`")
    parser.add_argument("--engine", choices=ENGINES, default=ENGINE,
                        help=f"as for `pysolver search` (default {ENGINE}: lines solved by clingo; bfs: "
                             "breadth-first search, the check)")
    parser.add_argument("--json", action="store_true", help="print pysolver-sweep/1 JSON")
    parser.add_argument("--progress", action="store_true",
                        help="show a progress bar on stderr (the default when stderr is a terminal)")


def cli_main(args) -> int:
    """`pysolver sweep DECK.ydk --goal GOAL --hands N ...`: the summary (or the JSON); exit status 130 when
    interrupted (after printing the hands searched so far)."""
    import json
    result = sweep(args.deck, args.goal, hands=args.hands, seed=args.seed, workers=args.workers,
                   executor=args.executor, max_depth=args.max_depth, max_nodes=args.max_nodes,
                   timeout=args.timeout, cards=args.cards, lines=args.lines, zones=args.zones, engine=args.engine,
                   progress=args.progress or sys.stderr.isatty())
    print(json.dumps(result.to_json(), indent=2) if args.json else result.text())
    return 130 if result.reason == "interrupted" else 0
