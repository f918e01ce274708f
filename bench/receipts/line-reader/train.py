"""Trains the receipt line reader: a small CRNN (convolutions, two BiLSTM layers, CTC) on SROIE's dev lines.

Usage: /usr/bin/python3 bench/receipts/line-reader/train.py <data-dir> <out-dir> [minutes]
Needs Debian's python3-torch, python3-numpy and python3-onnx (apt-get install python3-torch python3-onnx); the
app would run only the ONNX file export.py writes (through onnxruntime-node). Checkpoints are chosen on the dev receipts
kept out of training (--split dev-val); holdout lines are not read here.
"""
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
from torch import nn

HEIGHT = 32
CHARSET = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`{|}~"
BLANK = 0  # CTC blank; characters are 1..len(CHARSET)
SEED = 20261122


def fnv1a(text):
    """bench/receipts/split.ts's hash: holdout is hash % 4 == 0."""
    value = 0x811C9DC5
    for char in text:
        value ^= ord(char)
        value = (value * 0x01000193) & 0xFFFFFFFF
    return value


def is_validation_receipt(receipt_id):
    """A sixth of the dev receipts (hash % 8 == 1) is kept out of training to choose how the reader is used."""
    return fnv1a(receipt_id) % 8 == 1


def load(data_dir, split):
    index = json.load(open(os.path.join(data_dir, f"{split}.json")))
    pixels = np.fromfile(os.path.join(data_dir, f"{split}.bin"), dtype=np.uint8)
    lines = []
    by_receipt = {}
    for line in index["lines"]:
        text = line["text"].upper()
        if any(c not in CHARSET for c in text):
            continue
        by_receipt.setdefault(line["id"], []).append(line["width"] / max(1, len(text)))
        lines.append((line["offset"], line["width"], text, line["id"], line.get("isRow", False)))
    # SROIE's line labels are sometimes cut short ("27" for "27,JALAN DEDAP 13,"): a line with far more pixels per
    # character than its receipt's median is dropped, so the model is not taught to leave text out.
    median = {rid: float(np.median(v)) for rid, v in by_receipt.items()}
    # Joined rows (prepare-lines.ts) have wide column gaps, so only their length is checked.
    kept = [l for l in lines if (l[4] or l[1] / max(1, len(l[2])) <= 1.5 * median[l[3]]) and len(l[2]) * 4 <= l[1] // 4 * 4]
    return pixels, kept, len(lines)


class LineReader(nn.Module):
    """Convolutions only: this Debian torch has no optimised BLAS, and an LSTM was ten times the cost of the rest."""

    def __init__(self, classes):
        super().__init__()

        def block(cin, cout, kernel, pool=None, dilation=1):
            padding = (kernel[0] // 2 * dilation, kernel[1] // 2 * dilation)
            layers = [nn.Conv2d(cin, cout, kernel, padding=padding, dilation=dilation, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]
            if pool:
                layers.append(nn.MaxPool2d(pool))
            return layers

        self.features = nn.Sequential(
            *block(1, 32, (3, 3), (2, 2)),     # 16 x W/2
            *block(32, 64, (3, 3), (2, 2)),    # 8 x W/4
            *block(64, 96, (3, 3)),
            *block(96, 96, (3, 3), (2, 1)),    # 4 x W/4
            *block(96, 128, (3, 3), (2, 1)),   # 2 x W/4
            nn.Conv2d(128, 192, (2, 1), bias=False), nn.BatchNorm2d(192), nn.ReLU(inplace=True),  # 1 x W/4
        )
        # Context along the line: each step sees about 15 steps (60 px, three or four characters) either side.
        self.context = nn.Sequential(
            *block(192, 192, (1, 5)),
            *block(192, 192, (1, 5), dilation=2),
            *block(192, 192, (1, 3), dilation=4),
            nn.Dropout(0.1),
        )
        self.head = nn.Conv2d(192, classes, 1)

    def forward(self, x):  # x: N x 1 x 32 x W, values in -1..1
        f = self.context(self.features(x))
        return self.head(f).squeeze(2).permute(0, 2, 1)  # N x T x classes (logits)


def encode(text):
    return [CHARSET.index(c) + 1 for c in text]


def decode(indices):
    out, prev = [], BLANK
    for k in indices:
        if k != prev and k != BLANK:
            out.append(CHARSET[k - 1])
        prev = k
    return "".join(out)


def make_batch(pixels, items, rng, augment):
    widths = []
    images = []
    for offset, width, text, *_ in items:
        img = pixels[offset:offset + HEIGHT * width].reshape(HEIGHT, width).astype(np.float32) / 255.0
        if augment:
            scale = rng.uniform(0.85, 1.15)
            new_w = max(8, int(round(width * scale)))
            img = torch.nn.functional.interpolate(torch.from_numpy(img)[None, None], size=(HEIGHT, new_w), mode="bilinear", align_corners=False)[0, 0].numpy()
            lo, hi = rng.uniform(0.0, 0.35), rng.uniform(0.75, 1.0)
            img = lo + (hi - lo) * img
            img = img + rng.gauss(0, 1) * 0.03 * np.random.randn(*img.shape).astype(np.float32)
            img = np.clip(img, 0, 1)
        images.append(img)
        widths.append(img.shape[1])
    max_w = int(math.ceil(max(widths) / 4) * 4)
    batch = np.ones((len(items), 1, HEIGHT, max_w), dtype=np.float32)
    for i, img in enumerate(images):
        batch[i, 0, :, : img.shape[1]] = img
    x = torch.from_numpy((batch - 0.5) / 0.5)
    targets = [encode(item[2]) for item in items]
    return x, targets, [w // 4 for w in widths]


def character_error_rate(model, pixels, lines, rng, limit=1500):
    model.eval()
    sample = lines[:limit]
    errors = total = 0
    exact = 0
    with torch.no_grad():
        for start in range(0, len(sample), 64):
            chunk = sample[start:start + 64]
            x, _, _ = make_batch(pixels, chunk, rng, augment=False)
            pred = model(x).argmax(2).numpy()
            for i, (_, width, text, *_) in enumerate(chunk):
                got = decode(pred[i][: width // 4])
                errors += edit_distance(got, text)
                total += len(text)
                exact += got == text
    model.train()
    return errors / max(1, total), exact / max(1, len(sample))


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def main():
    data_dir, out_dir = sys.argv[1], sys.argv[2]
    minutes = float(sys.argv[3]) if len(sys.argv) > 3 else 60
    os.makedirs(out_dir, exist_ok=True)
    torch.manual_seed(SEED)
    rng = random.Random(SEED)
    np.random.seed(SEED)
    torch.set_num_threads(int(os.environ.get("THREADS", "2")))
    pixels, dev_lines, train_all = load(data_dir, "dev")
    train_lines = [l for l in dev_lines if not is_validation_receipt(l[3])]
    # The checkpoint is chosen on the validation receipts' lines; the holdout stays unseen by every choice.
    validation_lines = [l for l in dev_lines if is_validation_receipt(l[3])]
    random.Random(SEED).shuffle(validation_lines)
    print(f"training lines {len(train_lines)} of {train_all} dev lines; validation lines {len(validation_lines)}", flush=True)
    model = LineReader(len(CHARSET) + 1)
    print("parameters", sum(p.numel() for p in model.parameters()), flush=True)
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    ctc = nn.CTCLoss(blank=BLANK, zero_infinity=True)
    deadline = time.time() + minutes * 60
    # Batches of similar widths: less padding, so less wasted work.
    ordered = sorted(train_lines, key=lambda l: l[1])
    batches = [ordered[i:i + 32] for i in range(0, len(ordered), 32)]
    epoch = 0
    best = 1.0
    step = 0
    training_start = time.time()
    while time.time() < deadline:
        epoch += 1
        rng.shuffle(batches)
        started = time.time()
        losses = []
        for items in batches:
            if time.time() > deadline:
                break
            # Cosine decay over the time budget (the number of epochs it allows is not known in advance).
            progress = min(1.0, (time.time() - training_start) / (deadline - training_start))
            lr = 2e-3 * max(0.02, 0.5 * (1 + math.cos(math.pi * progress)))
            for group in optimiser.param_groups:
                group["lr"] = lr
            x, targets, lengths = make_batch(pixels, items, rng, augment=True)
            logits = model(x)
            log_probs = logits.log_softmax(2).permute(1, 0, 2)  # T x N x C
            flat = torch.tensor([k for t in targets for k in t], dtype=torch.long)
            target_lengths = torch.tensor([len(t) for t in targets], dtype=torch.long)
            input_lengths = torch.tensor([min(l, logits.shape[1]) for l in lengths], dtype=torch.long)
            loss = ctc(log_probs, flat, input_lengths, target_lengths)
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            optimiser.step()
            losses.append(loss.item())
            step += 1
            if step % 100 == 0:
                print(f"epoch {epoch} step {step} loss {np.mean(losses[-100:]):.3f} lr {lr:.5f} {time.time() - started:.0f}s", flush=True)
        cer, exact = character_error_rate(model, pixels, validation_lines, rng)
        print(f"epoch {epoch} done in {time.time() - started:.0f}s: validation CER {cer:.4f}, exact lines {exact:.3f}", flush=True)
        torch.save(model.state_dict(), os.path.join(out_dir, "last.pt"))
        if cer < best:
            best = cer
            torch.save(model.state_dict(), os.path.join(out_dir, "best.pt"))
    print("best validation CER", best, "(export best.pt with export.py)", flush=True)


if __name__ == "__main__":
    main()
