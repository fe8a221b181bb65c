"""A compiled formula run as a straight-line program: the ``formulas`` engine's own functions, called in
the order its dispatcher would call them, without the dispatcher.

``formulas`` compiles a formula into a :class:`schedula.utils.dsp.DispatchPipe`: a graph whose function
nodes are the engine's implementations of Excel's functions and operators (``xif``, ``xmatch``,
``xindex``, the arithmetic and comparison operators, and xltb's functions registered beside them) and
whose ``pipe`` is the order in which a call visits the nodes. Each call of the pipe still builds a
solution object, sets every node's output through schedula's bookkeeping and checks every edge: about
0.3 ms a formula, most of the time of ``xltb recalc`` on a large workbook (issue 23: 74% of it).

:func:`program` reads the pipe once per distinct formula and gives a plain function that feeds the
same inputs to the same node functions in the same order (default values for the constants, each data
node's filters applied to what reaches it), so a formula's value is the one the dispatcher gives: the
engine's functions, types and error values are untouched; only the bookkeeping between them is gone.
A pipe with anything this program does not reproduce (a sub-dispatcher, an input domain, a node with
several outputs or none, a node reached twice) gives None, and the caller keeps the dispatcher for
that formula. ``tests/test_recalc_program.py`` evaluates every formula of the bundled workbooks and
the fuzzing corpus both ways and compares the results.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

#: the keys a function node of formulas' dispatchers carries that this program honours (the rest make
#: :func:`program` decline): the dispatcher's own keys, and formulas' ``solve_cycle`` (only used on a
#: circular reference, which the engine refuses before evaluating)
_FUNCTION_KEYS = frozenset({"type", "function", "inputs", "outputs", "wait_inputs", "index", "solve_cycle",
                            "extra_inputs"})
_DATA_KEYS = frozenset({"type", "wait_inputs", "index", "filters"})


class _Step:
    __slots__ = ("function", "inputs", "output", "filters", "name")

    def __init__(self, function: Callable[..., Any], inputs: tuple[int, ...], output: int,
                 filters: tuple[Callable[[Any], Any], ...], name: str = ""):
        self.function = function
        self.inputs = inputs
        self.output = output
        self.filters = filters
        self.name = name  # the function node's id: the function's name (``MATCH``, ``=``), ``<n>`` after a repeat


def program(pipe: Any) -> Callable[..., Any] | None:
    """The formula compiled as ``pipe`` (a DispatchPipe of ``formulas``) as a plain function of the same
    inputs, or None where the pipe holds what this program does not reproduce."""
    try:
        dsp = pipe.dsp
        nodes = dsp.nodes
        inputs = list(pipe.inputs)
        outputs = list(pipe.outputs)
        order = [step[0][2][0] for step in pipe.pipe]
    except (AttributeError, IndexError, TypeError):
        return None
    if len(outputs) != 1 or len(set(order)) != len(order):
        return None
    slot: dict[Any, int] = {}

    def place(node: Any) -> int:
        if node not in slot:
            slot[node] = len(slot)
        return slot[node]

    for name in inputs:
        place(name)
    constants: list[tuple[int, Any]] = []
    for node, default in dsp.default_values.items():
        if node not in inputs:
            constants.append((place(node), default["value"]))
    steps: list[_Step] = []
    for node in order:
        attr = nodes.get(node)
        if attr is None:
            return None
        if attr["type"] == "data":
            if not set(attr) <= _DATA_KEYS:
                return None
            continue
        if attr["type"] != "function" or not set(attr) <= _FUNCTION_KEYS or len(attr["outputs"]) != 1:
            return None
        out = attr["outputs"][0]
        out_attr = nodes.get(out, {})
        if not set(out_attr) <= _DATA_KEYS:
            return None
        steps.append(_Step(attr["function"], tuple(place(i) for i in attr["inputs"]), place(out),
                           tuple(out_attr.get("filters", ())), str(node)))
    known = {s for s, _ in constants} | {slot[i] for i in inputs}
    for step in steps:  # every input is set before the node that reads it
        if not set(step.inputs) <= known:
            return None
        known.add(step.output)
    result = slot.get(outputs[0])
    if result is None or result not in known:
        return None
    size = len(slot)
    first = [None] * size
    for at, value in constants:
        first[at] = value
    arity = len(inputs)
    run = tuple(steps)

    def evaluate(*args: Any) -> Any:
        if len(args) != arity:
            raise TypeError(f"the formula takes {arity} inputs, not {len(args)}")
        values = list(first)
        values[:arity] = args
        for step in run:
            value = step.function(*[values[i] for i in step.inputs])
            for keep in step.filters:
                value = keep(value)
            values[step.output] = value
        return values[result]

    setattr(evaluate, "plan", Plan(tuple(first), run, result, arity))  # read back as compiled.function.plan
    return evaluate


class Plan:
    """A program's parts, for :mod:`xltb.recalc.bulk`: the constants' slots, the steps, the result's slot,
    the number of inputs."""

    __slots__ = ("first", "steps", "result", "arity")

    def __init__(self, first: tuple[Any, ...], steps: tuple[_Step, ...], result: int, arity: int):
        self.first = first
        self.steps = steps
        self.result = result
        self.arity = arity


def both(pipe: Any) -> tuple[Callable[..., Any], Callable[..., Any] | None]:
    """(the dispatcher, the program) of one compiled formula: for the tests that compare them."""
    return pipe, program(pipe)


__all__: Sequence[str] = ("program", "both")
