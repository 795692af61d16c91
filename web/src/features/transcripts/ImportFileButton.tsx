import { useRef, useState } from 'react';
import { Button } from '../../ui';
import { IMPORT_ACCEPT, IMPORT_BUTTON, IMPORT_LABEL } from './importFile';
import styles from './Transcript.module.css';

/**
 * The import's button and its hidden file input, for both transcript forms: busy while `onFile`
 * runs, and emptied afterwards so the same file can be chosen again.
 */
export function ImportFileButton({ onFile }: { onFile: (file: File) => Promise<void> }) {
  const [importing, setImporting] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    try {
      await onFile(file);
    } finally {
      setImporting(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept={IMPORT_ACCEPT}
        className={styles.fileInput}
        aria-label={IMPORT_LABEL}
        tabIndex={-1}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button
        size="sm"
        variant="ghost"
        onClick={() => fileRef.current?.click()}
        loading={importing}
        loadingText="Importing..."
      >
        {IMPORT_BUTTON}
      </Button>
    </>
  );
}
