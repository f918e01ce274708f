;; Integer SIMD kernels for the split-cart optimiser (see simd-kernels.ts). Compiled to
;; kernels-wasm.ts by `npm run build:kernels`. Pointers are byte offsets into the exported memory;
;; `len` is a count of int32 values and a multiple of 4. Callers keep every sum below 2^31.
(module
  (memory (export "memory") 1)

  ;; sum over j < len of max(0, cap[j] - row[j])
  (func (export "saving") (param $cap i32) (param $row i32) (param $len i32) (result i32)
    (local $acc v128) (local $end i32)
    (local.set $end (i32.add (local.get $cap) (i32.shl (local.get $len) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $cap) (local.get $end)))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.max_s
              (i32x4.sub (v128.load (local.get $cap)) (v128.load (local.get $row)))
              (v128.const i32x4 0 0 0 0))))
        (local.set $cap (i32.add (local.get $cap) (i32.const 16)))
        (local.set $row (i32.add (local.get $row) (i32.const 16)))
        (br $next)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))

  ;; out[j] = min(a[j], b[j]) for j < len (out may alias a)
  (func (export "minInto") (param $a i32) (param $b i32) (param $out i32) (param $len i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $a) (i32.shl (local.get $len) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (v128.store (local.get $out)
          (i32x4.min_s (v128.load (local.get $a)) (v128.load (local.get $b))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (local.set $out (i32.add (local.get $out) (i32.const 16)))
        (br $next))))

  ;; Block savings: the row is cut into chunks of $chunkLen values (a multiple of 4; the last chunk may
  ;; be shorter) and each chunk's four SIMD lanes are four blocks. Writes the chunk's four lane sums of
  ;; max(0, cap[j] - row[j]) as one vector per chunk from $out on; returns the sum over all of them.
  (func (export "blockSavings") (param $cap i32) (param $row i32) (param $len i32) (param $chunkLen i32)
    (param $out i32) (result i32)
    (local $acc v128) (local $total v128) (local $end i32) (local $chunkEnd i32)
    (local.set $end (i32.add (local.get $cap) (i32.shl (local.get $len) (i32.const 2))))
    (block $chunksDone
      (loop $nextChunk
        (br_if $chunksDone (i32.ge_u (local.get $cap) (local.get $end)))
        (local.set $chunkEnd (i32.add (local.get $cap) (i32.shl (local.get $chunkLen) (i32.const 2))))
        (if (i32.gt_u (local.get $chunkEnd) (local.get $end)) (then (local.set $chunkEnd (local.get $end))))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (block $done
          (loop $next
            (br_if $done (i32.ge_u (local.get $cap) (local.get $chunkEnd)))
            (local.set $acc
              (i32x4.add (local.get $acc)
                (i32x4.max_s
                  (i32x4.sub (v128.load (local.get $cap)) (v128.load (local.get $row)))
                  (v128.const i32x4 0 0 0 0))))
            (local.set $cap (i32.add (local.get $cap) (i32.const 16)))
            (local.set $row (i32.add (local.get $row) (i32.const 16)))
            (br $next)))
        (v128.store (local.get $out) (local.get $acc))
        (local.set $out (i32.add (local.get $out) (i32.const 16)))
        (local.set $total (i32x4.add (local.get $total) (local.get $acc)))
        (br $nextChunk)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $total)) (i32x4.extract_lane 1 (local.get $total)))
      (i32.add (i32x4.extract_lane 2 (local.get $total)) (i32x4.extract_lane 3 (local.get $total)))))

  ;; sum over j < len of min(a[j], b[j], c[j]) (len a multiple of 4)
  (func (export "minSum3") (param $a i32) (param $b i32) (param $c i32) (param $len i32) (result i32)
    (local $acc v128) (local $end i32)
    (local.set $end (i32.add (local.get $a) (i32.shl (local.get $len) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.min_s
              (i32x4.min_s (v128.load (local.get $a)) (v128.load (local.get $b)))
              (v128.load (local.get $c)))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (local.set $c (i32.add (local.get $c) (i32.const 16)))
        (br $next)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
      (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))

  ;; The K = 4 last-slot screen over $count candidates: candidate i's bound is the sum over $vecs
  ;; vectors of min(ab, ac, bc) minus visit[i], the three rows advancing $rowBytes per candidate.
  ;; Writes each i whose bound exceeds $threshold from $out on; returns how many.
  (func (export "screenLast") (param $ab i32) (param $ac i32) (param $bc i32) (param $rowBytes i32)
    (param $vecs i32) (param $visit i32) (param $count i32) (param $threshold i32) (param $out i32) (result i32)
    (local $i i32) (local $q i32) (local $acc v128) (local $found i32) (local $bound i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $q (i32.const 0))
        (block $rowDone
          (loop $vec
            (br_if $rowDone (i32.ge_u (local.get $q) (local.get $vecs)))
            (local.set $acc
              (i32x4.add (local.get $acc)
                (i32x4.min_s
                  (i32x4.min_s
                    (v128.load (i32.add (local.get $ab) (i32.shl (local.get $q) (i32.const 4))))
                    (v128.load (i32.add (local.get $ac) (i32.shl (local.get $q) (i32.const 4)))))
                  (v128.load (i32.add (local.get $bc) (i32.shl (local.get $q) (i32.const 4)))))))
            (local.set $q (i32.add (local.get $q) (i32.const 1)))
            (br $vec)))
        (local.set $bound
          (i32.sub
            (i32.add
              (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
              (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc))))
            (i32.load (i32.add (local.get $visit) (i32.shl (local.get $i) (i32.const 2))))))
        (if (i32.gt_s (local.get $bound) (local.get $threshold))
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $found) (i32.const 2))) (local.get $i))
            (local.set $found (i32.add (local.get $found) (i32.const 1)))))
        (local.set $ab (i32.add (local.get $ab) (local.get $rowBytes)))
        (local.set $ac (i32.add (local.get $ac) (local.get $rowBytes)))
        (local.set $bc (i32.add (local.get $bc) (local.get $rowBytes)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $found))
)
