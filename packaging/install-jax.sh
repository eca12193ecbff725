#!/usr/bin/env bash
# Makes the JAX engine's virtual environment (docs/python-runner.md, "Engines"): Debian's
# python3 with the pinned CPU JAX of packaging/jax-requirements.txt from the Python package
# index, in /opt/tilelens/jax as root, else ~/.local/share/tilelens/jax, or $TILELENS_JAX_VENV.
# TileLens finds it there. A no-op when the environment was made from the same pins.
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
stamp="$venv/tilelens-requirements.txt"  # the pins this environment was made from
if cmp -s "$requirements" "$stamp" && "$venv/bin/python3" -c 'import jax' 2>/dev/null; then
  echo "install-jax: the pinned JAX is present in $venv"
  exit 0
fi

echo "install-jax: installing the pins of $requirements into $venv"
/usr/bin/python3 -m venv "$venv"
"$venv/bin/python3" -m pip install --quiet --disable-pip-version-check --no-input \
  -r "$requirements"
JAX_PLATFORMS=cpu "$venv/bin/python3" -c 'import jax; print("install-jax: JAX", jax.__version__, "on", jax.devices()[0].platform)'
cp "$requirements" "$stamp"
