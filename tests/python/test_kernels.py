"""Kernels written like the Pallas guides and ops: correct runs match, realistic bugs do not."""
import unittest

import numpy as np

from support import ENGINE, RunnerCase, arg


def group_table(*groups):
    return arg(len(groups), dtype="int32", values=list(groups))


class QuickstartTest(RunnerCase):
    def test_add_vectors(self):
        self.assertMatchesReference(self.run_kernel(
            "quickstart_kernels.py", "add_vectors", [arg(1024), arg(1024)], reference="add_reference"))

    def test_matmul(self):
        self.assertMatchesReference(self.run_kernel(
            "quickstart_kernels.py", "matmul", [arg(256, 128), arg(128, 256)], reference="matmul_reference"))

    def test_matmul_odd_rows_leave_a_row_unwritten(self):
        r = self.run_kernel("quickstart_kernels.py", "matmul", [arg(301, 128), arg(128, 256)],
                            reference="matmul_reference")
        self.assertDiffersFromReference(r)
        writers = self.npy(r, self.entry_call(r)["writers_npy"][0])
        self.assertTrue((writers[300] == -1).all())
        self.assertTrue((writers[:300] >= 0).all())


class BlockedMatmulTest(RunnerCase):
    mats = [arg(256, 384), arg(384, 256)]

    def test_matches(self):
        self.assertMatchesReference(self.run_kernel(
            "blocked_matmul.py", "matmul", self.mats, reference="matmul_reference"), atol=1e-3)

    def test_bf16(self):
        self.assertMatchesReference(self.run_kernel(
            "blocked_matmul.py", "matmul", [arg(256, 256, dtype="bfloat16"), arg(256, 256, dtype="bfloat16")],
            reference="matmul_reference"), rtol=1e-2, atol=1e-1)

    def test_missing_init_reads_garbage(self):
        self.assertDiffersFromReference(self.run_kernel(
            "blocked_matmul.py", "matmul", self.mats, {"init": False}, reference="matmul_reference"))

    def test_missing_init_not_hidden_by_zero_fill(self):
        # Scratch persists across the grid: the second output block starts from the first's sums.
        r = self.run_kernel("blocked_matmul.py", "matmul", self.mats, {"init": False},
                            reference="matmul_reference", policy={"uninitialized": "zero", "revisit": "tpu"})
        out, ref = self.output_and_reference(self.ok(r))
        if ENGINE == "jax":  # JAX's interpret mode does not visit the blocks in row-major order
            self.assertTrue(abs(out - ref).max() > 1.0)
            return
        self.assertTrue(abs(out[:128, :128] - ref[:128, :128]).max() < 1e-3)
        self.assertTrue(abs(out[:128, 128:] - ref[:128, 128:]).max() > 1.0)

    def test_wrong_index_map(self):
        self.assertDiffersFromReference(self.run_kernel(
            "blocked_matmul.py", "matmul", [arg(256, 256), arg(256, 256)], {"b_map": "jk"},
            reference="matmul_reference"))

    def test_unmasked_k_tail_accumulates_padding(self):
        self.assertDiffersFromReference(self.run_kernel(
            "blocked_matmul.py", "matmul", [arg(256, 300), arg(300, 256)], reference="matmul_reference"))

    def test_records_the_call(self):
        r = self.ok(self.run_kernel("blocked_matmul.py", "matmul", self.mats, mode="record"))
        c = r["calls"][0]
        self.assertEqual(c["grid"], [2, 2, 3])
        self.assertEqual(c["dimension_semantics"], ["parallel", "parallel", "arbitrary"])
        self.assertEqual(c["vmem_limit_bytes"], 32 * 1024 * 1024)
        self.assertEqual([o["name"] for o in c["operands"]], ["a_ref", "b_ref", "c_ref"])
        self.assertEqual(c["operands"][1]["index_map"], "lambda i, j, s: (s, j)")
        self.assertEqual(c["scratch"], [{"name": "acc_ref", "shape": [128, 128], "dtype": "float32",
                                         "memory_space": "vmem"}])


class PipelineSumTest(RunnerCase):
    stack = [arg(4, 256, 256)]

    def test_reduction_on_last_axis(self):
        self.assertMatchesReference(self.run_kernel(
            "pipeline_sum.py", "stack_sum", self.stack, reference="sum_reference"))

    def test_reduction_on_leading_axis_is_wrong_on_tpu(self):
        r = self.run_kernel("pipeline_sum.py", "stack_sum_leading", self.stack, reference="sum_reference")
        self.assertDiffersFromReference(r)
        if ENGINE == "jax":  # JAX's own revisit check names the block and the iterations
            check = self.entry_call(r)["checks"][0]
            self.assertEqual(check["kind"], "output_revisit")
            self.assertIn("iteration (1, 0, 0)", check["message"])

    def test_leading_axis_passes_under_the_ideal_interpreter(self):
        if ENGINE == "jax":  # the HLO interpreter starts outputs as NaN whatever the fill asked
            r = self.run_kernel("pipeline_sum.py", "stack_sum_leading", self.stack, reference="sum_reference",
                                policy={"uninitialized": "zero", "revisit": "ideal"})
            out, _ = self.output_and_reference(self.ok(r))
            self.assertTrue(np.isnan(out).all())
            self.assertEqual(self.entry_call(r)["interpret"], "hlo")
            return
        self.assertMatchesReference(self.run_kernel(
            "pipeline_sum.py", "stack_sum_leading", self.stack, reference="sum_reference",
            policy={"uninitialized": "zero", "revisit": "ideal"}))


class FlashForwardTest(RunnerCase):
    qkv = [arg(2, 2, 256, 64)] * 3

    def test_causal(self):
        self.assertMatchesReference(self.run_kernel(
            "flash_forward.py", "flash_forward", self.qkv, reference="attention_reference"), atol=1e-3)

    def test_not_causal(self):
        self.assertMatchesReference(self.run_kernel(
            "flash_forward.py", "flash_forward", self.qkv, {"causal": False},
            reference="attention_reference"), atol=1e-3)

    def test_missing_rescale(self):
        self.assertDiffersFromReference(self.run_kernel(
            "flash_forward.py", "flash_forward", self.qkv, {"rescale": False},
            reference="attention_reference"), atol=1e-3)

    def test_clamped_kv_map_is_traced(self):
        r = self.ok(self.run_kernel("flash_forward.py", "flash_forward", self.qkv, mode="record"))
        self.assertEqual(r["calls"][0]["operands"][1]["index_map"],
                         "lambda b, h, qi, kj: (b, h, min(kj, (qi * 128 + 128 - 1) // 128), 0)")
        self.assertEqual(r["calls"][0]["operands"][0]["block_shape"], [None, None, 128, 64])


class GroupedMatmulTest(RunnerCase):
    args = [arg(256, 256), arg(3, 256, 256), group_table(0, 2, 2, 1)]

    def test_matches(self):
        self.assertMatchesReference(self.run_kernel(
            "grouped_matmul.py", "grouped_matmul", self.args, reference="grouped_reference"), atol=1e-3)

    def test_wrong_table_index(self):
        self.assertDiffersFromReference(self.run_kernel(
            "grouped_matmul.py", "grouped_matmul", self.args, {"by_row_tile": False},
            reference="grouped_reference"), atol=1e-3)

    def test_prefetch_table_in_index_map(self):
        r = self.ok(self.run_kernel("grouped_matmul.py", "grouped_matmul", self.args, mode="record"))
        c = r["calls"][0]
        self.assertEqual(c["scalar_prefetch"], [{"name": "tile_group_ref", "shape": [4], "dtype": "int32",
                                                 "values": [0, 2, 2, 1]}])
        self.assertEqual(c["operands"][1]["index_map"], "lambda i, j, s, tile_group_ref: (tile_group_ref[i], s, j)")
        self.assertEqual(c["operands"][1]["block_shape"], [None, 128, 128])


class PagedAttentionTest(RunnerCase):
    args = [arg(4, 4, 128), arg(16, 16, 128), arg(16, 16, 128),
            arg(4, dtype="int32", values=[0, 5, 40, 64]),
            arg(4, 4, dtype="int32", values=[3, 1, 4, 0, 9, 2, 6, 5, 8, 7, 10, 11, 15, 12, 14, 13])]

    def test_matches(self):
        self.assertMatchesReference(self.run_kernel(
            "paged_attention.py", "paged_attention", self.args, reference="paged_reference"), atol=1e-4)

    def test_unmasked_page_tail(self):
        self.assertDiffersFromReference(self.run_kernel(
            "paged_attention.py", "paged_attention", self.args, {"mask_tail": False},
            reference="paged_reference"))

    def test_records_memory_spaces_and_semaphores(self):
        r = self.ok(self.run_kernel("paged_attention.py", "paged_attention", self.args, mode="record"))
        c = r["calls"][0]
        self.assertEqual([o["memory_space"] for o in c["operands"]], ["vmem", "any", "any", "vmem"])
        self.assertIsNone(c["operands"][1]["block_shape"])
        self.assertEqual(c["scratch"][2], {"name": "sems", "semaphore": "dma", "shape": [2, 2]})
        self.assertEqual(c["operands"][3]["index_map"], "lambda b, lengths_ref, table_ref: (b, 0, 0)")


class TritonAttentionTest(RunnerCase):
    qkv = [arg(2, 128, 2, 40)] * 3

    def test_causal(self):
        self.assertMatchesReference(self.run_kernel(
            "triton_attention.py", "attention", self.qkv, reference="attention_reference"), atol=1e-3)

    def test_not_causal(self):
        self.assertMatchesReference(self.run_kernel(
            "triton_attention.py", "attention", self.qkv, {"causal": False},
            reference="attention_reference"), atol=1e-3)

    def test_unmasked_head_padding(self):
        self.assertDiffersFromReference(self.run_kernel(
            "triton_attention.py", "attention", self.qkv, {"mask_q": False},
            reference="attention_reference"), atol=1e-3)

    def test_backend_recorded(self):
        r = self.ok(self.run_kernel("triton_attention.py", "attention", self.qkv, mode="record"))
        self.assertEqual(r["calls"][0]["backend"], "triton")
        self.assertEqual(r["calls"][0]["operands"][0]["block_shape"], [None, 64, None, 64])




class WrappedOutputsTest(RunnerCase):
    def test_a_dropped_output_is_marked_and_not_compared(self):
        r = self.ok(self.run_kernel("wrapped_outputs.py", "double_dropping_last", [arg(300, 128)],
                                    reference="double_reference"))
        call = self.entry_call(r)
        outs = [op for op in call["operands"] if op["role"] == "output"]
        self.assertNotIn("dropped", outs[0])
        self.assertTrue(outs[1]["dropped"])
        self.assertIsNone(call["reference_npy"][1])
        self.assertMatchesReference(r)

    def test_a_sliced_return_is_checked_as_returned(self):
        r = self.ok(self.run_kernel("wrapped_outputs.py", "double_padded", [arg(300, 128)],
                                    reference="double_reference"))
        call = self.entry_call(r)
        self.assertEqual(call["reference_npy"], [None])
        check = call["returned_checks"][0]
        got = self.npy(r, check["returned"])
        want = self.npy(r, check["reference"])
        self.assertEqual(got.shape, (300, 128))
        self.assertTrue(np.allclose(got, want))


class DmaRaceTest(RunnerCase):
    def test_read_before_wait(self):
        r = self.run_kernel("dma_race.py", "double", [arg(8, 128)], reference="double_reference")
        if ENGINE == "jax":  # JAX's race detector names both accesses and their lines
            self.assertDiffersFromReference(r)
            races = self.entry_call(r)["races"]
            self.assertEqual(len(races), 1)
            self.assertIn("dma_race.py:9", races[0]["message"])
            self.assertIn("dma_race.py:10", races[0]["message"])
        else:  # the stand-ins copy at start(): the early read sees the data, nothing is found
            self.assertMatchesReference(r)

    def test_read_after_wait(self):
        r = self.run_kernel("dma_race.py", "double", [arg(8, 128)], {"wait_first": True},
                            reference="double_reference")
        self.assertMatchesReference(r)
        if ENGINE == "jax":
            self.assertEqual(self.entry_call(r)["races"], [])


class EmitPipelineTest(RunnerCase):
    def test_inner_pipeline_runs_and_fills_inner(self):
        # x and y stay in HBM; one program walks them in (8, 128) x (128, 128) tiles.
        r = self.run_kernel("emit_pipeline_matmul.py", "matmul", [arg(16, 256), arg(256, 256)],
                            {"x_buffers": 3}, reference="matmul_reference")
        self.assertMatchesReference(r, atol=1e-3)
        ops = self.entry_call(r)["operands"]
        self.assertEqual([o.get("inner") for o in ops],
                         [{"tile": [8, 128], "buffers": 3}, {"tile": [128, 128], "buffers": 2},
                          {"tile": [8, 128], "buffers": 2}])

    def test_a_vmem_block_is_tiled_within_the_block(self):
        r = self.ok(self.run_kernel("emit_pipeline_matmul.py", "matmul_row_blocks",
                                    [arg(16, 256), arg(256, 256)], mode="record"))
        ops = r["calls"][0]["operands"]
        self.assertEqual(ops[0]["inner"], {"tile": [None, 128], "buffers": 2})
        self.assertEqual(ops[1]["inner"], {"tile": [128, None], "buffers": 2})
        self.assertNotIn("inner", ops[2])


if __name__ == "__main__":
    unittest.main()