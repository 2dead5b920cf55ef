import type { AlreadySubmittedError } from '@cardwise/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { returnFocusTo } from '../../lib/return-focus.ts';
import { AlreadySubmittedDialog } from './already-submitted-dialog.tsx';
import { DocumentSlot } from './document-slot.tsx';
import { IDLE, type SlotState } from './kyc-slots.ts';

afterEach(cleanup);

const noop = () => {};
const INFO = { application_number: 'APP-1', submitted_at: '2026-11-25T11:30:00Z' } as AlreadySubmittedError;
const WITH_FILE: SlotState = {
  ...IDLE,
  status: 'success',
  file: new File(['x'], 'pan.txt', { type: 'text/plain' }),
  file_name: 'pan.txt',
  mime_type: 'text/plain',
  needs_upload: true,
};

function Slot({
  state,
  onRemove = noop,
  onFile = noop,
}: {
  state: SlotState;
  onRemove?: () => void;
  onFile?: (file: File) => void;
}) {
  return (
    <DocumentSlot
      type="pan"
      label="PAN Card"
      hint=""
      required
      state={state}
      disabled={false}
      onFile={onFile}
      onRejected={noop}
      onRemove={onRemove}
      onClear={noop}
      onDownload={noop}
      onPreview={noop}
    />
  );
}

// WCAG 2.4.3: focus went to <body> when these dialogs closed or their document went away.
describe('focus after the KYC and application dialogs', () => {
  it('the preview hands focus back to its Preview button', async () => {
    const user = userEvent.setup();
    render(<Slot state={WITH_FILE} />);
    const preview = screen.getByRole('button', { name: 'Preview PAN Card' });
    await user.click(preview);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(preview));

    await user.click(preview);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(preview));
  });

  it('a removed document gives the focus to the drop area that replaces it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Slot state={WITH_FILE} onRemove={() => rerender(<Slot state={IDLE} />)} />);
    await user.click(screen.getByRole('button', { name: 'Remove PAN Card' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dropzone = screen.getByRole('button', { name: /^Upload PAN Card: drag and drop/ });
    await waitFor(() => expect(document.activeElement).toBe(dropzone));
  });

  it("a chosen file's card takes the focus from the drop area it replaces; a loaded one does not", async () => {
    const user = userEvent.setup();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pan.png', { type: 'image/png' });
    const chosen: SlotState = { ...WITH_FILE, file: png, file_name: 'pan.png', mime_type: 'image/png' };
    function Harness() {
      const [state, setState] = useState<SlotState>(IDLE);
      return <Slot state={state} onFile={() => setState(chosen)} />;
    }
    render(<Harness />);
    await user.upload(screen.getByTestId('kyc-input-pan'), png);
    const preview = await screen.findByRole('button', { name: 'Preview PAN Card' });
    await waitFor(() => expect(document.activeElement).toBe(preview));
    cleanup();
    // A document arriving from the server (no choice made here) leaves the focus where it is.
    const { rerender } = render(<Slot state={IDLE} />);
    (document.activeElement as HTMLElement | null)?.blur();
    rerender(<Slot state={WITH_FILE} />);
    await screen.findByRole('button', { name: 'Preview PAN Card' });
    expect(document.activeElement).toBe(document.body);
  });

  it('the already-submitted dialog hands focus back to Start Application', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [info, setInfo] = useState<AlreadySubmittedError | null>(null);
      const start = useRef<HTMLButtonElement>(null);
      return (
        <MemoryRouter>
          <button ref={start} type="button" onClick={() => setInfo(INFO)}>
            Start Application
          </button>
          <AlreadySubmittedDialog
            info={info}
            cardId="c"
            onOpenChange={(open) => !open && setInfo(null)}
            onCloseAutoFocus={returnFocusTo(() => start.current)}
          />
        </MemoryRouter>
      );
    }
    render(<Harness />);
    const start = screen.getByRole('button', { name: 'Start Application' });
    await user.click(start);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(start));
  });
});

describe('the slot thumbnail', () => {
  it("shows the file icon instead of the browser's broken image for an image that cannot be decoded", () => {
    const { container } = render(
      <Slot
        state={{ ...WITH_FILE, mime_type: 'image/jpeg', file_name: 'pan.jpg', previewUrl: 'blob:pan' }}
      />,
    );
    const img = container.querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('pan.jpg')).toBeTruthy();
  });
});
