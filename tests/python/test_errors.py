"""Failures in user code become results with a kind, a message and the user's file and line."""
import os
import time
import unittest

from support import RunnerCase, arg, KERNELS


def line_of(marker, file="failing.py"):
    with open(os.path.join(KERNELS, file)) as f:
        for n, text in enumerate(f, start=1):
            if marker in text:
                return n
    raise AssertionError(marker)


class ErrorTest(RunnerCase):
    def assertError(self, result, kind):
        self.assertEqual(result["status"], "error", result)
        self.assertEqual(result["error"]["kind"], kind, result["error"])
        self.assertEqual(result["tilelens_python"], 1)
        return result["error"]

    def test_exception_names_file_and_line(self):
        e = self.assertError(self.run_kernel("failing.py", "raises", [arg(8, 8)]), "exception")
        self.assertEqual(e["file"], os.path.join(KERNELS, "failing.py"))
        self.assertEqual(e["line"], line_of("RAISE_LINE"))
        self.assertIn("ValueError: rows must be a multiple of 3", e["message"])
        self.assertIn("Traceback", e["traceback"])

    def test_exception_in_body(self):
        e = self.assertError(self.run_kernel("failing.py", "body_raises", [arg(8, 16)]), "exception")
        self.assertEqual(e["line"], line_of("BODY_LINE"))

    def test_infinite_loop_times_out(self):
        start = time.monotonic()
        e = self.assertError(self.run_kernel("failing.py", "hangs", [arg(8)], seconds=1), "timeout")
        self.assertLess(time.monotonic() - start, 10)
        self.assertEqual(e["file"], os.path.join(KERNELS, "failing.py"))

    def test_huge_allocation_hits_memory_limit(self):
        self.assertError(self.run_kernel("failing.py", "hogs_memory", [arg(8)], memory=1 << 30), "memory")

    def test_unsupported_api_named_with_user_line(self):
        e = self.assertError(self.run_kernel("failing.py", "uses_scan", [arg(8)]), "unsupported")
        self.assertIn("jax.lax.scan is not supported", e["message"])
        self.assertEqual(e["line"], line_of("SCAN_LINE"))  # where: in file and line, not twice
        self.assertNotIn("failing.py", e["message"])

    def test_missing_function(self):
        e = self.assertError(self.run_kernel("failing.py", "no_such_wrapper", [arg(8)]), "exception")
        self.assertIn("no_such_wrapper", e["message"])

    def test_entry_out_of_range(self):
        e = self.assertError(self.run_kernel("small_kernels.py", "two_calls", [arg(16, 128)], entry=2),
                             "exception")
        self.assertIn("entry 2", e["message"])


class UnsupportedImportTest(RunnerCase):
    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_from_import_of_missing_name(self):
        path = self.write("imports_scan.py", "import jax\nfrom jax.lax import associative_scan\n")
        r = self.run_kernel(path, "f", [])
        self.assertEqual(r["error"]["kind"], "unsupported")
        self.assertIn("jax.lax.associative_scan is not supported", r["error"]["message"])
        self.assertEqual(r["error"]["line"], 2)

    def test_missing_module(self):
        path = self.write("imports_mgpu.py", "import jax\n\nfrom jax.experimental.pallas import mosaic_gpu\n")
        r = self.run_kernel(path, "f", [])
        self.assertEqual(r["error"]["kind"], "unsupported")
        self.assertIn("mosaic_gpu", r["error"]["message"])
        self.assertEqual(r["error"]["line"], 3)

    def test_syntax_error(self):
        path = self.write("broken.py", "def f(:\n  pass\n")
        r = self.run_kernel(path, "f", [])
        self.assertEqual(r["error"]["kind"], "exception")
        self.assertEqual(r["error"]["line"], 1)


class TableFallbackTest(RunnerCase):
    def test_python_branch_records_a_table(self):
        r = self.run_kernel("failing.py", "traced_branchy", [arg(32, 512)], reference="copy_reference")
        self.assertMatchesReference(r)
        op = r["calls"][0]["operands"][0]
        self.assertIsNone(op["index_map"])
        self.assertEqual(len(op["index_map_table"]), 16)
        self.assertEqual(op["index_map_table"][:5], [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3]])


if __name__ == "__main__":
    unittest.main()
