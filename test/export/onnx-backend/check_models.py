"""Validates exported ONNX models with onnx.checker (full check: shape and type inference too).
An onnx that knows opset 18 checks them as they are. An older one (Debian's python3-onnx 1.12 knows
opsets up to 17) checks a copy made valid for opset 17: the opset-18 reductions that take their axes
as an input (ReduceMax, ReduceMin, ReduceProd, ReduceMean, ...) get them back as an attribute (the
exporter's axes are always constants), and BitwiseAnd (new in opset 18) is replaced by Add, which
has the same input and output types, for the check only. Everything else is checked as written.
Prints one JSON line: [{file, ok, mode, error}].

Usage: python3 check_models.py MODEL.onnx [MODEL.onnx ...]
"""
import json
import sys

import onnx
import onnx.checker
import onnx.defs
from onnx import numpy_helper

AXES_INPUT_SINCE_18 = {'ReduceMax', 'ReduceMin', 'ReduceProd', 'ReduceMean', 'ReduceL1', 'ReduceL2',
                       'ReduceLogSum', 'ReduceLogSumExp', 'ReduceSumSquare'}


def as_opset_17(model):
    constants = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}

    def fix(graph):
        for node in graph.node:
            if node.op_type in AXES_INPUT_SINCE_18 and len(node.input) > 1 and node.input[1]:
                axes = constants.get(node.input[1])
                if axes is None:
                    raise ValueError(f'{node.name}: axes not a constant, cannot check as opset 17')
                del node.input[1:]
                node.attribute.append(onnx.helper.make_attribute('axes', [int(a) for a in axes.reshape(-1)]))
            elif node.op_type == 'BitwiseAnd':
                node.op_type = 'Add'
            for attr in node.attribute:
                if attr.type == onnx.AttributeProto.GRAPH:
                    fix(attr.g)
                for g in attr.graphs:
                    fix(g)

    copy = onnx.ModelProto()
    copy.CopyFrom(model)
    fix(copy.graph)
    for opset in copy.opset_import:
        if opset.domain in ('', 'ai.onnx') and opset.version > 17:
            opset.version = 17
    return copy


def main():
    known = onnx.defs.onnx_opset_version()
    results = []
    for path in sys.argv[1:]:
        model = onnx.load(path)
        version = max((o.version for o in model.opset_import if o.domain in ('', 'ai.onnx')), default=0)
        mode = f'opset {version}'
        try:
            if version > known:
                mode = f'opset {version} checked as opset {known} (onnx {onnx.__version__})'
                model = as_opset_17(model)
            onnx.checker.check_model(model, full_check=True)
            results.append({'file': path, 'ok': True, 'mode': mode})
        except Exception as e:  # report every model, not only the first failure
            results.append({'file': path, 'ok': False, 'mode': mode, 'error': f'{type(e).__name__}: {e}'})
    print(json.dumps(results))


if __name__ == '__main__':
    main()
