"""Median time of one warm `legal_plays` call on the shipped example position (Python API).

    python benchmarks/legal_plays_example.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from pysolver import legal_plays, load_position

EXAMPLE = Path(__file__).resolve().parents[1] / "pysolver" / "examples" / "spec-example.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    position = load_position(EXAMPLE)
    legal_plays(position)  # warm: encodings read, card facts cached
    times, parts = [], {"facts": [], "ground": [], "solve": [], "decode": []}
    for _ in range(args.repeat):
        start = time.perf_counter()
        plays = legal_plays(position)
        times.append(time.perf_counter() - start)
        for key in parts:
            parts[key].append(plays.statistics[key])
    ms = lambda values: 1000 * statistics.median(values)  # noqa: E731
    split = ", ".join(f"{key} {ms(values):.3f}" for key, values in parts.items())
    print(f"{EXAMPLE.name}: {len(plays)} plays; legal_plays median {ms(times):.3f} ms over {args.repeat} calls "
          f"(min {1000 * min(times):.3f} ms; {split} ms)")


if __name__ == "__main__":
    main()
