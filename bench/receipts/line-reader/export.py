"""Exports a trained line reader (best.pt) to ONNX with a softmax on its output, as the app's decoder expects.

Usage: /usr/bin/python3 bench/receipts/line-reader/export.py <checkpoint.pt> <out.onnx>
"""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(__file__))
from train import CHARSET, HEIGHT, LineReader  # noqa: E402


class WithSoftmax(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, image):
        return self.model(image).softmax(2)


def main():
    model = LineReader(len(CHARSET) + 1)
    model.load_state_dict(torch.load(sys.argv[1], map_location="cpu"))
    model.eval()
    torch.onnx.export(
        WithSoftmax(model), torch.zeros(1, 1, HEIGHT, 160), sys.argv[2], input_names=["image"], output_names=["probabilities"],
        dynamic_axes={"image": {0: "batch", 3: "width"}, "probabilities": {0: "batch", 1: "steps"}}, opset_version=13,
    )
    print("exported", sys.argv[2], os.path.getsize(sys.argv[2]), "bytes")


if __name__ == "__main__":
    main()
