"""A Solution as people read it: a table of the words, how often each reads and
where, rows and columns counted from 1 at the top left (as the text output's answer
key counts them), and what is wrong when a word does not read exactly once."""
from __future__ import annotations

from wordsearch import lang
from wordsearch.solver.solution import Found, Reading, Solution

# Readings a table shows for one word before it counts the rest.
SHOWN_READINGS = 10


def where(reading: Reading, free_path: bool) -> str:
    row, col = reading.start
    text = f"row {row + 1}, column {col + 1}"
    if reading.direction is not None and len(reading.cells) > 1:
        text += f", {reading.direction}"
    if free_path and reading.direction is None and len(reading.cells) > 1:
        text += ", path " + " ".join(f"{r + 1},{c + 1}" for r, c in reading.cells)
    return text


def _table(found: tuple[Found, ...], free_path: bool) -> list[str]:
    width = max([len(f.label) for f in found] + [4])
    lines = [f"  {'word'.ljust(width)}  times  where"]
    for f in found:
        shown = [where(r, free_path) for r in f.readings[:SHOWN_READINGS]]
        if f.count > SHOWN_READINGS:
            shown.append(f"and {f.count - SHOWN_READINGS:,} more")
        lines.append(f"  {f.label.ljust(width)}  {f.count:>5}  {'; '.join(shown) or '-'}")
        for reading, host in f.inside:
            lines.append(f"  {''.ljust(width)}         (also {where(reading, free_path)}, "
                         f"inside {host}: not counted)")
    return lines


def problems(solution: Solution) -> list[str]:
    """One line for each listed word that does not read exactly once."""
    out = []
    for f in solution.listed:
        if f.count == 0:
            out.append(f"{f.label} does not read in the grid.")
        elif f.count > 1:
            out.append(f"{f.label} reads {f.count} times: "
                       f"{'; '.join(where(r, solution.free_path) for r in f.readings[:3])}"
                       f"{' …' if f.count > 3 else ''}.")
    return out


def text(solution: Solution) -> str:
    rows, cols = len(solution.rows), len(solution.rows[0])
    language = lang.get(solution.language)
    how = ("along free paths (any neighbouring cells, none used twice)" if solution.free_path
           else "along straight lines in all eight directions")
    out = [f"{cols}×{rows} grid, {language.name}, words read {how}; rows and columns "
           f"count from 1 at the top left."]
    if solution.listed:
        out += ["", f"Words ({len(solution.listed)}):"] + _table(solution.listed,
                                                                 solution.free_path)
        wrong = len(solution.missing) + len(solution.repeated)
        out += ["", "Every word reads exactly once." if not wrong else
                f"{wrong} of {len(solution.listed)} words "
                f"{'does' if wrong == 1 else 'do'} not read exactly once: "
                f"{len(solution.missing)} missing, {len(solution.repeated)} more than once."]
    if solution.min_length:
        readings = sum(f.count for f in solution.found)
        out += ["", f"Words of {solution.dictionary} of {solution.min_length} letters or more "
                    f"that read: {len(solution.found):,} ({readings:,} readings)"
                    f"{':' if solution.found else '.'}"]
        if solution.found:
            out += _table(solution.found, solution.free_path)
    return "\n".join(out) + "\n"
