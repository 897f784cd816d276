"""What a module imports, read from its source: the one reader of the layer tests."""

import ast
from pathlib import Path


def imports_of(path: Path, name: str) -> set[str]:
    """Every module that module ``name``, read from ``path``, imports; relative imports made
    absolute."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return found
