"""The deck search's best L1 distance to seed 001's table against time, for every counting
convention, in one run, the floor the rows ranks decide under each, and the proved floor for
the ranks of each convention's best deck.

Each convention gets the same budget, the same workers and the same random starting deck
(structure ``five``); every improvement is logged with its time. The rank-row floor is the
smallest distance over the rows ranks alone decide that ``decks.bound.rank_floor`` finds (with
four of a kind free, and pinned at the seed's 36,985), a search; the floor for the best deck's
ranks (``decks.floor``, what ``pokernight deck bound`` prints) is proved: no suits on those ranks
come closer. Writes a JSON log, one plot (log scale) and the best deck of each convention.

Run: ``nice -n 19 .venv/bin/python benchmarks/dualdeck_fit.py --minutes 3.5 --out DIR``
(the plot needs the ``plot`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from pokernight.decks.bound import rank_floor
from pokernight.decks.fit import fit, random_deck
from pokernight.decks.floor import deck_floor
from pokernight.decks.plan import Best, Plan, Structure, header, read_target, write_deck
from pokernight.hands.dualcount import count_words
from pokernight.hands.dualrankings import RANKINGS

TARGET = Path(__file__).parents[1] / "src" / "pokernight" / "data" / "seed001_table.json"


def run(minutes: float, workers: int, seed: int, heat: float, out: Path) -> dict[str, object]:
    target = read_target(TARGET)
    start = random_deck(Structure.FIVE, random.Random(seed))
    log: dict[str, object] = {"minutes": minutes, "workers": workers, "seed": seed, "runs": {}}
    for name, ranking in RANKINGS.items():
        curve: list[tuple[float, int]] = []

        def heard(best: Best, curve: list[tuple[float, int]] = curve) -> None:
            curve.append((round(best.seconds, 1), best.distance))

        began = time.perf_counter()
        plan = Plan(target, name, Structure.FIVE, start, minutes * 60, heat, seed)
        result = fit(plan, workers, heard)
        floors = {
            pinned: rank_floor(target, ranking.rank_rows, pinned == "four", 8, 300_000, seed)[0]
            for pinned in ("five", "four")
        }
        proved = deck_floor(count_words(result.deck, workers), target, ranking).distance
        note = f"benchmarks/dualdeck_fit.py, ranking {name}, {minutes:g} minutes"
        write_deck(result.deck, out / f"{name}.txt", header(result.table, target, ranking, note))
        log["runs"][name] = {  # type: ignore[index]
            "curve": curve,
            "best": result.distance,
            "moves": result.moves,
            "seconds": round(time.perf_counter() - began, 1),
            "table": result.table,
            "rank_rows": list(ranking.rank_rows),
            "rank_floor": floors,
            "ranks_floor": proved,
        }
        print(
            f"{name}: best L1 {result.distance:,}, rank-row floor {floors}, "
            f"no deck with its ranks closer than {proved:,}",
            flush=True,
        )
    return log


def plot(log: dict[str, object], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    runs = log["runs"]
    assert isinstance(runs, dict)
    for name, data in runs.items():
        times = [t for t, _ in data["curve"]]
        best = [d for _, d in data["curve"]]
        end = float(log["minutes"]) * 60  # type: ignore[arg-type]
        ax.step([*times, end], [*best, best[-1]], where="post", label=f"{name} ({best[-1]:,})")
    ax.set_yscale("log")
    ax.set_xlabel("seconds")
    ax.set_ylabel("best L1 distance to seed 001's table")
    ax.set_title(
        f"deck fit from one random deck, {log['workers']} workers, "
        f"{log['minutes']} minutes a convention"
    )
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=3.5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--heat", type=float, default=1000.0)
    parser.add_argument("--out", type=Path, default=Path("dualdeck-fit"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    log = run(args.minutes, args.workers, args.seed, args.heat, args.out)
    (args.out / "fit.json").write_text(json.dumps(log, indent=1) + "\n")
    plot(log, args.out / "fit.png")
    print(f"written: {args.out / 'fit.json'}, {args.out / 'fit.png'}")


if __name__ == "__main__":
    main()
