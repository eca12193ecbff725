"""The numpy stand-ins themselves, in this process: dtypes, jit, pytrees, lax, refs, tracing."""
import functools
import unittest
from typing import NamedTuple

import numpy as np

from support import standins_on_path

standins_on_path()

import jax  # noqa: E402  (the stand-ins)
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402
from jax.experimental import pallas as pl  # noqa: E402
from jax._tilelens import symbolic as S  # noqa: E402
from jax._tilelens.errors import TileLensUnsupported, TileLensError  # noqa: E402
from jax._tilelens.refs import Ref  # noqa: E402


class DTypeTest(unittest.TestCase):
    def test_bfloat16_rounds_to_nearest_even(self):
        x = jnp.array([1.0, 1.00390625, 1.01171875, 3.4e38], jnp.bfloat16)
        np.testing.assert_array_equal(np.asarray(x), [1.0, 1.0, 1.015625, np.inf])
        self.assertEqual(x.dtype, jnp.bfloat16)
        self.assertEqual(str(x.dtype), "bfloat16")
        self.assertEqual(jnp.dtype(jnp.bfloat16).itemsize, 2)

    def test_bfloat16_every_result_rounded(self):
        x = jnp.ones((4,), jnp.bfloat16)
        y = x / 3
        self.assertEqual(y.dtype, jnp.bfloat16)
        self.assertEqual(float(y[0]), 0.333984375)

    def test_promotion(self):
        b = jnp.ones(2, jnp.bfloat16)
        f = jnp.ones(2, jnp.float32)
        i = jnp.ones(2, jnp.int32)
        self.assertEqual((b + f).dtype, jnp.float32)
        self.assertEqual((b * 2.5).dtype, jnp.bfloat16)
        self.assertEqual((i + 1).dtype, jnp.int32)
        self.assertEqual((i * 0.5).dtype, jnp.float32)
        self.assertEqual((i / i).dtype, jnp.float32)
        self.assertEqual(jnp.arange(3).dtype, jnp.int32)
        self.assertEqual(jnp.asarray(np.zeros(2)).dtype, jnp.float32)
        self.assertEqual((b > 0).dtype, jnp.bool_)

    def test_int4_wraps(self):
        x = jnp.array([7, 8, -9, 15], jnp.int8).astype(jnp.int4)
        np.testing.assert_array_equal(np.asarray(x), [7, -8, 7, -1])
        self.assertEqual((x + x).dtype, jnp.int4)
        self.assertEqual(jnp.iinfo(jnp.int4).max, 7)

    def test_float8(self):
        x = jnp.array([0.3, 448.0, 500.0], jnp.float32)
        np.testing.assert_array_equal(np.asarray(x.astype(jnp.float8_e4m3fn))[:2], [0.3125, 448.0])
        self.assertTrue(np.isnan(np.asarray(x.astype(jnp.float8_e4m3fn))[2]))
        self.assertEqual(float(jnp.float32(1e5).astype(jnp.float8_e5m2)), np.inf)

    def test_dtype_spellings(self):
        self.assertTrue(jnp.float32 == np.dtype("float32"))
        self.assertTrue(np.dtype("int32") == jnp.int32)
        self.assertIn(jnp.dtype("int8"), [jnp.int8, jnp.int4])
        self.assertTrue(jnp.issubdtype(jnp.bfloat16, jnp.floating))
        self.assertFalse(jnp.issubdtype(jnp.int32, jnp.floating))
        self.assertEqual(jnp.finfo(jnp.float32).max, float(np.finfo(np.float32).max))
        self.assertIsInstance(jnp.zeros(2).dtype, jnp.dtype)
        self.assertEqual(jnp.float32(2).dtype, jnp.float32)


class JaxApiTest(unittest.TestCase):
    def test_jit_forms(self):
        @jax.jit
        def a(x: jax.Array) -> jax.Array:
            return x * 2

        @jax.jit(static_argnames=["n"])
        def b(x, n):
            return x * n

        @functools.partial(jax.jit, static_argnames=("n",))
        def c(x, *, n):
            return x + n

        self.assertEqual(a(np.ones(2)).dtype, jnp.float32)  # numpy float64 arrives as float32
        self.assertEqual(int(b(jnp.ones(2, jnp.int32), 3)[0]), 3)
        self.assertEqual(float(c(jnp.ones(2), n=1)[1]), 2.0)

    def test_custom_vjp(self):
        @functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
        def f(x, k):
            return x * k

        f.defvjp(lambda x, k: (f(x, k), None), lambda k, r, g: (g * k,))
        self.assertEqual(float(f(jnp.float32(2.0), 3)), 6.0)

    def test_misc(self):
        with jax.named_scope("scope"):
            s = jax.ShapeDtypeStruct((2, 3), jnp.bfloat16)
        self.assertEqual(s.shape, (2, 3))
        self.assertEqual(s.dtype, jnp.bfloat16)
        self.assertIsInstance(jnp.zeros(3), jax.Array)
        self.assertIsInstance(jnp.zeros(3), jnp.ndarray)

    def test_trees(self):
        class Pair(NamedTuple):
            a: object
            b: object

        @jax.tree_util.register_pytree_node_class
        class Box:
            def __init__(self, v):
                self.v = v

            def tree_flatten(self):
                return (self.v,), None

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)

        t = {"p": Pair(1, None), "box": Box(2), "l": [3, (4,)]}
        self.assertEqual(jax.tree.leaves(t), [2, 3, 4, 1])
        doubled = jax.tree_util.tree_map(lambda x: x * 2, t)
        self.assertEqual(doubled["p"], Pair(2, None))
        self.assertEqual(doubled["box"].v, 4)
        leaves, tdef = jax.tree_util.tree_flatten(t)
        self.assertEqual(jax.tree_util.tree_unflatten(tdef, leaves)["l"], [3, (4,)])

    def test_nn(self):
        x = jnp.array([[-1.0, 0.0, 2.0]])
        np.testing.assert_allclose(np.asarray(jax.nn.relu(x)), [[0, 0, 2]])
        sm = np.exp([-1.0, 0.0, 2.0]) / np.exp([-1.0, 0.0, 2.0]).sum()
        np.testing.assert_allclose(np.asarray(jax.nn.softmax(x)), [sm], rtol=1e-6)
        np.testing.assert_allclose(np.asarray(jax.nn.sigmoid(x)), 1 / (1 + np.exp(-np.asarray(x))), rtol=1e-6)
        self.assertAlmostEqual(float(jax.nn.gelu(jnp.float32(1.0))), 0.8411920, places=5)
        np.testing.assert_array_equal(np.asarray(jax.nn.one_hot(jnp.array([0, 2]), 3)), [[1, 0, 0], [0, 0, 1]])

    def test_lax(self):
        self.assertEqual(int(lax.div(jnp.int32(-7), 2)), -3)
        self.assertEqual(int(jnp.int32(-7) // 2), -4)
        self.assertEqual(int(lax.rem(jnp.int32(-7), 2)), -1)
        self.assertEqual(int(lax.fori_loop(0, 4, lambda i, c: c + i, jnp.int32(0))), 6)
        self.assertEqual(int(lax.cond(jnp.int32(1) > 0, lambda: 1, lambda: 2)), 1)
        self.assertEqual(float(lax.select(jnp.bool_(False), 1.0, 2.0)), 2.0)
        a = jnp.ones((2, 3, 4), jnp.bfloat16)
        b = jnp.ones((2, 5, 4), jnp.bfloat16)
        out = lax.dot_general(a, b, (((2,), (2,)), ((0,), (0,))), preferred_element_type=jnp.float32)
        self.assertEqual((out.shape, out.dtype), ((2, 3, 5), jnp.float32))
        self.assertEqual(float(out[0, 0, 0]), 4.0)
        iota = lax.broadcasted_iota(jnp.int32, (2, 3), 1)
        np.testing.assert_array_equal(np.asarray(iota), [[0, 1, 2], [0, 1, 2]])
        self.assertEqual(jnp.dot(jnp.ones((2, 2), jnp.int8), jnp.ones((2, 2), jnp.int8),
                                 preferred_element_type=jnp.int32).dtype, jnp.int32)
        e = jnp.einsum("ij,jk->ik", jnp.ones((2, 3), jnp.bfloat16), jnp.ones((3, 2), jnp.bfloat16))
        self.assertEqual(e.dtype, jnp.bfloat16)

    def test_functional_update(self):
        x = jnp.zeros(4)
        y = x.at[1].set(5.0).at[2].add(1.0)
        np.testing.assert_array_equal(np.asarray(y), [0, 5, 1, 0])
        with self.assertRaises(TypeError):
            x[0] = 1.0

    def test_unsupported_api(self):
        with self.assertRaises(TileLensUnsupported) as cm:
            jax.lax.scan
        self.assertIn("jax.lax.scan is not supported by TileLens's stand-ins", str(cm.exception))
        self.assertFalse(hasattr(jnp, "fft_not_here"))


class RefTest(unittest.TestCase):
    def test_reads_writes_views(self):
        buf = np.zeros((4, 8), np.float32)
        r = Ref(buf, np.dtype(np.float32))
        r[...] = jnp.ones((4, 8))
        r[pl.ds(1, 2), :] += 1
        r.at[3][pl.ds(jnp.int32(4), 4)] = jnp.full((4,), 7.0)
        self.assertEqual(buf[1:3].sum(), 32.0)
        self.assertEqual(buf[3, 4:].tolist(), [7.0] * 4)
        self.assertEqual(r.at[2:4].shape, (2, 8))
        self.assertEqual(jnp.zeros_like(r).shape, (4, 8))

    def test_slice_past_the_ref_is_an_error(self):
        r = Ref(np.zeros((4, 8), np.float32), np.dtype(np.float32))
        with self.assertRaises(TileLensError):
            r[pl.ds(6, 4), :]


class SymbolicTest(unittest.TestCase):
    def trace(self, fn, n=2, tables=()):
        names = S.grid_names(fn, n, [t.name for t in tables])
        return S.lambda_text(names, [t.name for t in tables], S.trace(fn, names, list(tables)))

    def test_expressions(self):
        self.assertEqual(self.trace(lambda i, j: (i, j)), "lambda i, j: (i, j)")
        self.assertEqual(self.trace(lambda i, j: ((i + 1) * 2, j - (i - 1))), "lambda i, j: ((i + 1) * 2, j - (i - 1))")
        self.assertEqual(self.trace(lambda i, j: (-i, 3 - j)), "lambda i, j: (-i, 3 - j)")
        self.assertEqual(self.trace(lambda i, _: (pl.cdiv(i, 2), 0)), "lambda i, i1: (cdiv(i, 2), 0)")
        self.assertEqual(self.trace(lambda i, j, *_: (jnp.where(i == j, 1, 0), jnp.minimum(i, 3))),
                         "lambda i, j: (1 if i == j else 0, min(i, 3))")
        self.assertEqual(self.trace(lambda i: i * 4, n=1), "lambda i: i * 4")
        table = S.SymTable("ids", (4, 4), "int32")
        self.assertEqual(self.trace(lambda i, j, t: (t[i, j], t[i][0]), tables=[table]),
                         "lambda i, j, ids: (ids[i, j], ids[i][0])")

    def test_fallbacks(self):
        def branchy(i, j):
            return (i, j) if i > 0 else (0, j)
        with self.assertRaises(S.TraceFallback):
            self.trace(branchy)
        with self.assertRaises(S.TraceFallback):
            self.trace(lambda i, j: (max(i, j), 0))
        with self.assertRaises(S.TraceFallback):
            self.trace(lambda i, j: (i / 2, j))


if __name__ == "__main__":
    unittest.main()
