#!/usr/bin/env bash
# Makes the JAX engine's virtual environment (docs/python-runner.md, "Engines"): Debian's
# python3 with the pinned CPU JAX of packaging/jax-requirements.txt from the Python package
# index, in /opt/tilelens/jax as root, else ~/.local/share/tilelens/jax, or $TILELENS_JAX_VENV.
# TileLens finds it there. A no-op when the pinned JAX is already installed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
requirements="$here/jax-requirements.txt"
if [[ -n ${TILELENS_JAX_VENV:-} ]]; then
  venv=$TILELENS_JAX_VENV
elif [[ $(id -u) -eq 0 ]]; then
  venv=/opt/tilelens/jax
else
  venv=$HOME/.local/share/tilelens/jax
fi
want=$(sed -n 's/^jax==//p' "$requirements")

have=$("$venv/bin/python3" -c 'import importlib.metadata as m; print(m.version("jax"))' 2>/dev/null || true)
if [[ $have == "$want" ]]; then
  echo "install-jax: JAX $want present in $venv"
  exit 0
fi

echo "install-jax: installing JAX $want into $venv"
/usr/bin/python3 -m venv "$venv"
"$venv/bin/python3" -m pip install --quiet --disable-pip-version-check --no-input \
  -r "$requirements"
"$venv/bin/python3" -c 'import jax; print("install-jax: JAX", jax.__version__, "on", jax.devices()[0].platform)'
