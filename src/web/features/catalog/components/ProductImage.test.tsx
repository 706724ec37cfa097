import { fireEvent, render, screen } from '@testing-library/react';
import { FALLBACK_PRODUCT_IMAGE } from '../../../../shared/images.js';
import { ProductImage } from './ProductImage.js';

const UPLOADED = '/uploads/0123456789abcdef-800.webp';

describe('ProductImage', () => {
  it('offers every width of an uploaded picture, sized by the width it is laid out at', () => {
    render(<ProductImage src={UPLOADED} alt="Brake Pads" width={400} height={300} />);
    const image = screen.getByRole('img', { name: 'Brake Pads' });
    expect(image).toHaveAttribute('src', UPLOADED);
    expect(image).toHaveAttribute(
      'srcset',
      '/uploads/0123456789abcdef-400.webp 400w, /uploads/0123456789abcdef-800.webp 800w, /uploads/0123456789abcdef-1600.webp 1600w',
    );
    expect(image).toHaveAttribute('sizes', '400px');
  });

  it('takes the sizes it is given', () => {
    render(<ProductImage src={UPLOADED} alt="Brake Pads" sizes="(min-width: 48rem) 50vw, 100vw" />);
    expect(screen.getByRole('img')).toHaveAttribute('sizes', '(min-width: 48rem) 50vw, 100vw');
  });

  it('shows a picture from a link as it is, and the fallback alone when an uploaded one fails', () => {
    const { rerender } = render(<ProductImage src="https://example.com/brake.jpg" alt="Brake Pads" />);
    const image = screen.getByRole('img');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');

    rerender(<ProductImage src={UPLOADED} alt="Brake Pads" width={56} />);
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', FALLBACK_PRODUCT_IMAGE);
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });
});
