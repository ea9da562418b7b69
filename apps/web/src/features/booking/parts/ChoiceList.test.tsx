// @vitest-environment jsdom
/** A choice step's images: the first screenful's load at once, the first with high priority. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ChoiceItem, ChoiceList } from './ChoiceList.tsx';

const items: ChoiceItem[] = [
  { key: 'any', title: 'No preference', icon: 'calendar' },
  ...['one', 'two', 'three', 'four'].map((name) => ({
    key: name,
    title: name,
    image: `/images/${name}.jpg`,
  })),
];

describe.each([true, false])('ChoiceList images (grid: %s)', (grid) => {
  it('loads the first two images at once, the first with high priority, and the rest lazily (after an option without one)', () => {
    const { container } = render(
      <ChoiceList
        items={items}
        mode={{ grid, image: true, description: true }}
        onPick={() => {}}
        label="Places"
      />,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'auto'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});
