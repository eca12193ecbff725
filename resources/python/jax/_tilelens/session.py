"""State of one runner invocation, shared by pallas_call and the runner."""

state = {
    "mode": "record",          # "record": bodies do not run; "run": they do
    "policy": {"uninitialized": "nan", "revisit": "tpu"},
    "entry": 0,
    "calls": [],               # one record (dict) per pallas_call, in call order
    "call_outputs": [],        # the arrays each call returned, for mark_dropped
    "entry_outputs": None,     # (outputs, writers) of the selected call once run
    "program": None,           # grid coordinates of the running program
    "grid": None,
    "max_table_programs": 1 << 20,
    "streams": None,           # inner.Streams of the pallas_call whose body runs now
    "probe": False,            # a record-mode run of one program: emit_pipeline only records
}


def reset(mode="record", policy=None, entry=0):
    state.update(mode=mode, entry=entry, calls=[], call_outputs=[], entry_outputs=None, program=None,
                 grid=None)
    if policy:
        state["policy"] = {**state["policy"], **policy}
