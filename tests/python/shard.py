"""Runs every K-th test of the named modules: `shard.py COUNT INDEX MODULE...`, so that ctest
can spread a slow suite (the kernel suite on the JAX engine) over its parallel jobs."""
import sys
import unittest

sys.dont_write_bytecode = True


def _flat(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from _flat(t)
        else:
            yield t


def main(argv):
    count, index, modules = int(argv[1]), int(argv[2]), argv[3:]
    tests = sorted(_flat(unittest.defaultTestLoader.loadTestsFromNames(modules)), key=lambda t: t.id())
    mine = unittest.TestSuite(t for k, t in enumerate(tests) if k % count == index)
    print(f"shard {index} of {count}: {mine.countTestCases()} of {len(tests)} tests")
    result = unittest.TextTestRunner(verbosity=1).run(mine)
    return 0 if result.wasSuccessful() and mine.countTestCases() > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
