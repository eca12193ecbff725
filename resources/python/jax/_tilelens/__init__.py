"""TileLens internals behind the jax stand-ins (not part of JAX's API)."""
