"""Checks exported Pallas snippets (docs/exports.md) without running them.

    python3 pallas_snippet_check.py [--forbid TEXT]... FILE...

Each FILE must parse; its top level may hold only the snippet's imports, integer
assignments, function definitions and the `if __name__ == "__main__":` guard; every name
it reads must be one it binds, or one of the few builtins the snippet uses; and no
--forbid text may appear in the code outside comments and string literals. Prints one
line per problem and exits with 1 when there is any.
"""
import ast
import io
import sys
import tokenize

IMPORTS = {("jax", None), ("jax.numpy", "jnp"), ("jax.experimental", "pallas"),
           ("jax.experimental.pallas", "tpu")}
BUILTINS = {"int", "bool", "min", "max", "abs", "print", "__name__"}


def top_level_problems(tree):
    for node in tree.body:
        if isinstance(node, ast.Import):
            for a in node.names:
                if (a.name, a.asname) not in IMPORTS:
                    yield f"line {node.lineno}: import {a.name}"
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if (node.module, a.name) not in IMPORTS:
                    yield f"line {node.lineno}: from {node.module} import {a.name}"
        elif isinstance(node, ast.Assign):
            ok = (len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and isinstance(node.value, ast.Constant) and type(node.value.value) is int)
            if not ok:
                yield f"line {node.lineno}: an assignment that is not NAME = INT"
        elif isinstance(node, ast.FunctionDef):
            if node.decorator_list:
                yield f"line {node.lineno}: a decorated function"
        elif isinstance(node, ast.If):
            t = node.test
            ok = (isinstance(t, ast.Compare) and isinstance(t.left, ast.Name)
                  and t.left.id == "__name__" and isinstance(t.comparators[0], ast.Constant)
                  and t.comparators[0].value == "__main__")
            if not ok:
                yield f"line {node.lineno}: an if that is not the __main__ guard"
        else:
            yield f"line {node.lineno}: a top-level {type(node).__name__}"


def bound_names(tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            a = node.args
            for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
                if arg is not None:
                    names.add(arg.arg)
            if isinstance(node, ast.FunctionDef):
                names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
    return names


def code_outside_literals(source):
    """The source with every comment removed and every string literal emptied."""
    tokens = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            tok = tok._replace(string="")
        elif tok.type == tokenize.STRING:
            tok = tok._replace(string='""')
        tokens.append(tok)
    return tokenize.untokenize(tokens)


def problems(path, forbidden):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    try:
        tree = ast.parse(source, path)
    except SyntaxError as e:
        yield f"does not parse: {e}"
        return
    yield from top_level_problems(tree)
    bound = bound_names(tree) | BUILTINS
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in bound:
            yield f"line {node.lineno}: reads '{node.id}', which the snippet does not define"
    code = code_outside_literals(source)
    for text in forbidden:
        if text in code:
            yield f"{text!r} appears outside comments and strings"


def main(argv):
    forbidden, files = [], []
    it = iter(argv)
    for a in it:
        if a == "--forbid":
            forbidden.append(next(it))
        else:
            files.append(a)
    bad = 0
    for path in files:
        for p in problems(path, forbidden):
            print(f"{path}: {p}")
            bad += 1
    print(f"checked {len(files)} file(s), {bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
