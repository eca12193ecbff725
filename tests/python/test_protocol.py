"""The request/result protocol and the pipeline semantics it reports."""
import time
import unittest

import numpy as np

from support import RunnerCase, arg


class RecordTest(RunnerCase):
    def test_record_does_not_run_bodies(self):
        r = self.ok(self.run_kernel("failing.py", "body_raises", [arg(8, 16)], mode="record"))
        self.assertEqual(len(r["calls"]), 1)
        self.assertEqual(r["calls"][0]["outputs_npy"], [])
        self.assertNotIn("returned_npy", r)

    def test_record_4096_programs_fast(self):
        start = time.monotonic()
        r = self.ok(self.run_kernel("small_kernels.py", "many_programs", [arg(512, 8192)], mode="record"))
        self.assertLess(time.monotonic() - start, 1.5)  # includes interpreter start-up
        self.assertEqual(r["calls"][0]["grid"], [64, 64])
        self.assertEqual(r["calls"][0]["operands"][0]["index_map"], "lambda i, j: (i, j)")

    def test_index_map_spellings(self):
        table = arg(4, 4, dtype="int32", values=list(range(16)))
        r = self.ok(self.run_kernel("small_kernels.py", "spelled_maps", [arg(64, 512), table], mode="record"))
        ops = r["calls"][0]["operands"]
        self.assertEqual(ops[0]["index_map"],
                         "lambda i, j, table: (lax.div(i, 2) + lax.rem(j, 2), j if i > 1 else 0)")
        self.assertEqual(ops[1]["index_map"], "lambda i, j, table: (max(i - 1, 0), table[i, j])")
        self.assertEqual(r["calls"][0]["scalar_prefetch"][0]["name"], "table")

    def test_rank0_block(self):
        r = self.ok(self.run_kernel("small_kernels.py", "rank0_sum", [arg(8, 128)], mode="record"))
        out = r["calls"][0]["operands"][1]
        self.assertEqual(out["block_shape"], [])
        self.assertEqual(out["index_map"], "lambda i: ()")

    def test_entry_selects_a_call(self):
        r = self.ok(self.run_kernel("small_kernels.py", "two_calls", [arg(16, 128)], entry=1,
                                    reference="two_calls_reference"))
        self.assertEqual(len(r["calls"]), 2)
        self.assertEqual(r["calls"][0]["outputs_npy"], [])
        self.assertEqual(r["calls"][1]["grid"], [2])
        self.assertMatchesReference(r)

    def test_data_kinds_and_seed(self):
        r = self.ok(self.run_kernel("small_kernels.py", "double_even_rows",
                                    [arg(32, 128, data="iota")], reference="double_even_rows_reference"))
        ret = self.npy(r, r["returned_npy"][0])
        self.assertEqual(ret[1, 0], 256.0)  # row 1 is in block 0: doubled iota
        self.assertEqual(ret[8, 0], 1024.0)  # row 8 is in block 1: kept
        a = self.ok(self.run_kernel("quickstart_kernels.py", "add_vectors", [arg(64), arg(64)], seed=3))
        b = self.ok(self.run_kernel("quickstart_kernels.py", "add_vectors", [arg(64), arg(64)], seed=3))
        np.testing.assert_array_equal(self.npy(a, "out0.npy"), self.npy(b, "out0.npy"))


class PipelineTest(RunnerCase):
    def test_alias_keeps_unwritten_input(self):
        r = self.run_kernel("small_kernels.py", "double_even_rows", [arg(32, 128)],
                            reference="double_even_rows_reference")
        self.assertMatchesReference(r)
        c = self.entry_call(r)
        self.assertEqual(c["operands"][1]["alias_of"], "x_ref")
        writers = self.npy(r, c["writers_npy"][0])
        self.assertTrue((writers[8:16] == -1).all())
        self.assertTrue((writers[16:24] == 1).all())

    def test_element_blocks_with_padding(self):
        r = self.run_kernel("small_kernels.py", "three_tap", [arg(8, 512)], reference="three_tap_reference",
                            policy={"uninitialized": "zero", "revisit": "tpu"})
        self.assertMatchesReference(r)
        self.assertEqual(self.entry_call(r)["operands"][0]["block_shape"],
                         [8, {"element": 130, "padding": [1, 1]}])

    def test_element_padding_is_garbage_under_nan(self):
        r = self.run_kernel("small_kernels.py", "three_tap", [arg(8, 512)], reference="three_tap_reference")
        out, ref = self.output_and_reference(self.ok(r))
        self.assertTrue(np.isnan(out[:, 0]).all() and np.isnan(out[:, -1]).all())
        np.testing.assert_allclose(out[:, 1:-1], ref[:, 1:-1], rtol=1e-5, atol=1e-5)

    def test_nonconsecutive_revisit_overwrites(self):
        r = self.ok(self.run_kernel("small_kernels.py", "column_sums", [arg(16, 384)]))
        writers = self.npy(r, "writers0.npy")
        self.assertEqual(sorted(set(writers[0].tolist())), [3, 4, 5])  # the second visit wins
        self.assertTrue(np.isnan(self.npy(r, "out0.npy")).all())  # and it started from garbage

    def test_revisit_any_restores_the_block(self):
        ideal = self.ok(self.run_kernel("small_kernels.py", "column_sums", [arg(16, 384, data="ones")],
                                        {"revisit_any": True}))
        np.testing.assert_array_equal(self.npy(ideal, "out0.npy"), np.full((8, 384), 2.0, np.float32))
        plain = self.ok(self.run_kernel("small_kernels.py", "column_sums", [arg(16, 384, data="ones")]))
        self.assertTrue(np.isnan(self.npy(plain, "out0.npy")).all())
        self.assertEqual(ideal["calls"][0]["operands"][1]["revisit"], "any")

    def test_smem_output_written_by_index(self):
        r = self.ok(self.run_kernel("small_kernels.py", "iota_smem", [arg(6)]))
        np.testing.assert_array_equal(self.npy(r, "out0.npy"), np.arange(6) * 3)
        self.assertEqual(r["calls"][0]["operands"][0]["memory_space"], "smem")

    def test_bf16_output_rounded_and_named(self):
        r = self.run_kernel("small_kernels.py", "scale_to", [arg(16, 128)], reference="scale_to_reference")
        self.assertMatchesReference(r, rtol=0, atol=0)
        out = self.npy(r, "out0.npy")
        self.assertEqual(out.dtype, np.float32)
        bits = out.view(np.uint32) & 0xFFFF
        self.assertTrue((bits == 0).all())
        self.assertEqual(r["calls"][0]["operands"][1]["dtype"], "bfloat16")

    def test_int4_output(self):
        r = self.run_kernel("small_kernels.py", "scale_to", [arg(8, 128, dtype="int8")], {"dtype": "int4"},
                            reference="scale_to_reference")
        self.assertMatchesReference(r, rtol=0, atol=0)
        out = self.npy(r, "out0.npy")
        self.assertTrue(out.min() >= -8 and out.max() <= 7)

    def test_sentinel_fill_marks_unwritten_rows(self):
        r = self.ok(self.run_kernel("quickstart_kernels.py", "matmul", [arg(301, 128), arg(128, 256)],
                                    policy={"uninitialized": "sentinel", "revisit": "tpu"}))
        out = self.npy(r, "out0.npy")
        self.assertTrue((out[300] == np.float32(-7e18)).all())
        self.assertTrue(np.isfinite(out).all())

    def test_null_argument_is_none(self):
        r = self.ok(self.run_kernel("small_kernels.py", "optional_bias", [arg(8, 128, data="ones"), None]))
        np.testing.assert_array_equal(self.npy(r, "out0.npy"), np.full((8, 128), 2.0, np.float32))

    def test_run_speed_matmul_1024(self):
        start = time.monotonic()
        r = self.run_kernel("blocked_matmul.py", "matmul", [arg(1024, 1024), arg(1024, 1024)],
                            reference="matmul_reference")
        self.assertLess(time.monotonic() - start, 10)
        self.assertMatchesReference(r, atol=1e-3)
        self.assertEqual(self.entry_call(r)["grid"], [8, 8, 8])


if __name__ == "__main__":
    unittest.main()
