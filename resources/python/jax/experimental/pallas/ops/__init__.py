"""Kernels under jax/experimental/pallas/ops: found next to the user's file (see tilelens_run)."""
