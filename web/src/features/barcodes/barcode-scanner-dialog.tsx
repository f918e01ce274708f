import { useEffect, useRef, useState, type FormEvent } from 'react';
import { normalizeGtin } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, TextField } from '../../components';
import { getFrameReader } from './barcode-reader';
import './barcodes.css';

const FRAME_INTERVAL_MS = 200;

export interface BarcodeScannerDialogProps {
  title?: string;
  /** Called once with the normalised GTIN read from the camera or typed in. */
  onDetected: (gtin: string) => void;
  onClose: () => void;
}

/**
 * Reads a product barcode with the phone's back camera (BarcodeDetector or the bundled WebAssembly reader);
 * the code can also be typed when there is no camera or the label is damaged.
 */
export function BarcodeScannerDialog({ title = 'Scan a barcode', onDetected, onClose }: BarcodeScannerDialogProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const onDetectedRef = useRef(onDetected);
  const [status, setStatus] = useState<'starting' | 'scanning' | 'no-camera'>('starting');
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);

  useEffect(() => {
    onDetectedRef.current = onDetected;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        const video = videoRef.current;
        if (isStopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const read = await getFrameReader();
        setStatus('scanning');
        const tick = async () => {
          if (isStopped) return;
          const gtin = await read(video).catch(() => null);
          if (isStopped) return;
          if (gtin) {
            isStopped = true;
            onDetectedRef.current(gtin);
            return;
          }
          timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      } catch {
        if (!isStopped) setStatus('no-camera');
      }
    }

    void start();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  // Without a camera the typed code is the only way on: the field takes the focus, so the phone's keypad opens.
  useEffect(() => {
    if (status === 'no-camera') codeRef.current?.focus();
  }, [status]);

  function handleTyped(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = normalizeGtin(typed);
    if (!result.isValid) {
      setTypedError(result.reason);
      return;
    }
    onDetected(result.gtin);
  }

  return (
    <Dialog
      isOpen
      title={title}
      onClose={onClose}
      description={status === 'no-camera' ? 'Type the number printed under the barcode.' : 'Point the camera at the barcode on the pack.'}
    >
      <div className="barcode-scanner">
        {/* Shown only once the camera plays: without one there is no black box, just the typed-code field. */}
        <video
          ref={videoRef}
          className={status === 'scanning' ? 'barcode-video' : 'barcode-video is-hidden'}
          muted
          playsInline
          aria-label="Camera"
        />
        <p className="muted" role="status">
          {status === 'starting'
            ? 'Starting the camera...'
            : status === 'scanning'
              ? 'Looking for a barcode...'
              : 'No camera available: type the code instead.'}
        </p>
      </div>
      <form className="form" onSubmit={handleTyped} noValidate>
        <TextField
          ref={codeRef}
          label="Barcode number"
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={20}
        />
        {typedError ? <FormMessage tone="error">{typedError}</FormMessage> : null}
        <div className="form-actions">
          <Button type="submit" variant="secondary" disabled={!typed.trim()}>
            Look up code
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
