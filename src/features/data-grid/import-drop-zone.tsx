import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { CSV_ACCEPT, isCsvFile } from './import-file-type';

interface ImportDropZoneProps {
  /** The chosen file; called only for a CSV file. */
  onFile: (file: File) => void;
  /** The name of the file read last, shown in the zone. */
  fileName?: string;
}

/** True when a drag carries files (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Where a CSV file comes in: dropped onto the zone, or chosen with the browser's picker after a click or Enter/Space
 * on the zone (a button for the keyboard and screen readers). It says which files it takes, and refuses others with
 * a message rather than a preview full of errors.
 */
export function ImportDropZone({ onFile, fileName }: ImportDropZoneProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string>();

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!isCsvFile(file)) {
      setRefused(t`${file.name} is not a CSV file.`);
      return;
    }
    setRefused(undefined);
    onFile(file);
  };

  // Cancelling dragenter and dragover makes the zone a drop target; otherwise the browser would open the file itself.
  const acceptDrag = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <Box>
      <Box
        role="button"
        tabIndex={0}
        aria-describedby={hintId}
        data-testid="import-drop-zone"
        data-dragging={dragging || undefined}
        onClick={() => input.current?.click()}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          input.current?.click();
        }}
        onDragEnter={acceptDrag}
        onDragOver={acceptDrag}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files[0]);
        }}
        display="flex"
        flexDirection="column"
        alignItems="center"
        gap="1"
        p="5"
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="md"
        borderColor={dragging ? 'blue.solid' : refused ? 'border.error' : 'border.emphasized'}
        bg={dragging ? 'blue.subtle' : 'bg.subtle'}
        cursor="pointer"
        textAlign="center"
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}
        _hover={{ borderColor: 'blue.solid' }}
      >
        <FileUp size={24} aria-hidden />
        <Text fontWeight="semibold">{fileName ? t`${fileName}: drop another file here or choose one` : t`Drop a CSV file here or choose one`}</Text>
        <Text id={hintId} textStyle="xs" color="fg.muted">
          {t`Accepts CSV files (.csv), UTF-8, with a header row.`}
        </Text>
      </Box>
      {refused && (
        <Text role="alert" textStyle="sm" color="fg.error" mt="1" data-testid="import-file-refused">
          {refused}
        </Text>
      )}
      {/* Outside the zone, so the click the zone passes on does not come back to it. */}
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          accept={CSV_ACCEPT}
          tabIndex={-1}
          aria-hidden
          data-testid="import-file"
          onChange={(event) => {
            take(event.currentTarget.files?.[0]);
            // Choosing the same file again (after fixing it) must read it again.
            event.currentTarget.value = '';
          }}
        />
      </VisuallyHidden>
    </Box>
  );
}
