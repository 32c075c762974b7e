"""Values flow down, never up: each module imports only from its own stage or the
stages before it, read from the source (an AST walk, imports inside functions too)."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "wordsearch"
# Each stage and the stages it may import from, besides its own.
BASE = {"errors", "seeds", "directions", "size", "inside", "fields", "json_values"}
MAY_USE = {
    "base": set(),
    "lang": {"base"},
    "puzzle": {"base", "lang"},
    "core": {"base"},
    "pictures": {"base", "lang"},
    "make": {"base", "lang", "puzzle", "core", "pictures"},
    "solver": {"base", "lang", "puzzle", "core"},
    "render": {"base", "lang", "puzzle", "pictures"},
    "export": {"base", "lang", "puzzle", "render", "pictures"},
    "web": {"base", "lang", "puzzle", "make", "render", "export", "pictures"},
    "cli": {"base", "lang", "puzzle", "make", "solver", "render", "export", "web", "pictures"},
}


def stage(module: str) -> str:
    """wordsearch.make.fill -> "make"; wordsearch.errors -> "base"."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    if top in BASE:
        return "base"
    if top == "_core":
        return "core"
    if top in ("", "__main__", "entry"):
        return "cli"  # the package's own door, like the command
    return top


def modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.rglob("*.pyx")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.append((name, path))
    return found


def imported(name: str, path: Path) -> set[str]:
    """Every wordsearch module the source names in an import."""
    if path.suffix == ".pyx":  # Cython: only its Python imports matter here
        lines, open_import = [], False
        for line in path.read_text().splitlines():
            if open_import or (line.startswith(("import ", "from ")) and " cimport " not in line):
                lines.append(line)
                open_import = line.count("(") + open_import > line.count(")")
        tree = ast.parse("\n".join(lines))
    else:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and node.value.startswith("wordsearch.")):
            found.add(node.value)  # importlib.import_module("wordsearch.make.generate")
    return {m for m in found if m.startswith("wordsearch.") and _exists(m)}


def _exists(module: str) -> bool:
    relative = Path(*module.split(".")[1:])
    return any((PACKAGE / relative).with_suffix(s).exists() for s in (".py", ".pyx")) or \
        (PACKAGE / relative / "__init__.py").exists()


def test_every_module_has_a_stage():
    assert {stage(name) for name, _ in modules()} <= set(MAY_USE)


@pytest.mark.slow
@pytest.mark.parametrize("name, path", modules(), ids=[name for name, _ in modules()])
def test_no_import_runs_back_up_the_flow(name, path):
    here = stage(name)
    if name == "wordsearch":
        return  # the package's names load lazily from wherever they live
    wrong = sorted(m for m in imported(name, path)
                   if stage(m) != here and stage(m) not in MAY_USE[here])
    assert not wrong, f"{name} ({here}) imports {wrong}"


def test_the_walk_sees_an_arrow_that_runs_back_up(tmp_path):
    """The check itself can fail: a renderer that reaches for the packer is caught."""
    source = tmp_path / "pages.py"
    source.write_text("from wordsearch.make.packer import pack\n", encoding="utf-8")
    found = imported("wordsearch.render.pages", source)
    assert "wordsearch.make.packer" in found and stage("wordsearch.make.packer") == "make"
    assert "make" not in MAY_USE["render"]


@pytest.mark.slow
def test_showing_a_saved_puzzle_loads_no_packer(tmp_path):
    """In a fresh interpreter: reading a document and drawing it loads no make/ module
    and not the C core."""
    import subprocess
    import sys
    script = ("import sys, wordsearch.puzzle, wordsearch.render.pages, wordsearch.export\n"
              "print(sorted(m for m in sys.modules if m.startswith(('wordsearch.make', "
              "'wordsearch._core'))))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=tmp_path, check=True)
    assert result.stdout.strip() == "[]"
