import { fireEvent, screen } from '@testing-library/react';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError, type FakeAnswer } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { ImageUpload } from './ImageUpload.js';

const STORED = '/uploads/0123456789abcdef-800.webp';
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'caliper.jpg', { type: 'image/jpeg' });

function renderUpload() {
  const onUploaded = vi.fn();
  const view = renderWithProviders(<ImageUpload onUploaded={onUploaded} />);
  return { ...view, onUploaded, input: screen.getByLabelText(messages.ui.uploadLabel) };
}

describe('ImageUpload', () => {
  it('sends the chosen picture as the form field "file" and hands over the URL the shop answers', async () => {
    localStorage.setItem('token', 'admin-token');
    const { calls } = mockFetch((url, init) => (url === '/api/uploads' && init.method === 'POST' ? { status: 201, body: { url: STORED } } : undefined));
    const { user, input, onUploaded } = renderUpload();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');

    const file = photo();
    await user.upload(input, file);
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(STORED));
    const body = calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBe(file);
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer admin-token' });
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the shop's reason when it refuses the file", async () => {
    mockFetch((url) => (url === '/api/uploads' ? apiError(400, 'validation', errorMessages.upload.notAPicture) : undefined));
    const { user, input, onUploaded } = renderUpload();
    await user.upload(input, photo());
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.upload.notAPicture);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('is busy while the picture is on its way, then takes a dropped one', async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    const { calls } = mockFetch((url) => (url === '/api/uploads' ? new Promise<FakeAnswer>((resolve) => (answer = resolve)) : undefined));
    const { user, input, onUploaded } = renderUpload();
    await user.upload(input, photo());
    expect(await screen.findByRole('status')).toHaveTextContent(messages.ui.uploading);
    expect(input).toBeDisabled();
    answer({ status: 201, body: { url: STORED } });
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    expect(input).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    fireEvent.drop(screen.getByText(messages.ui.uploadDrop), { dataTransfer: { files: [photo()] } });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    answer({ status: 201, body: { url: '/uploads/fedcba9876543210-800.webp' } });
    await vi.waitFor(() => expect(onUploaded).toHaveBeenLastCalledWith('/uploads/fedcba9876543210-800.webp'));
  });

  it('refuses a picture over 10 MB without sending it', async () => {
    const { calls } = mockFetch(() => undefined);
    const { user, input, onUploaded } = renderUpload();
    const huge = photo();
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.upload.tooLarge);
    expect(calls).toHaveLength(0);
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
