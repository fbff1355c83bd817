import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Rocket } from 'lucide-react';
import * as React from 'react';
import { describe, expect, it } from 'vitest';

import { CrudProvider } from './crud-context';
import { CrudCell, CrudControl } from './crud-field';
import { hasMenuIcon, MenuIconsProvider } from './menu-icons';
import { MENU_ICONS } from './menu-icon-set';

const features = { rocket: Rocket };

function Picker({ onChange }: { onChange: (v: unknown) => void }) {
  const [value, setValue] = React.useState<unknown>('map-pin');
  return (
    <MenuIconsProvider value={features}>
      <CrudProvider value={{}}>
        <CrudControl
          column={{ prop: 'source', label: '菜单图标', type: 'icon' }}
          aria-label="菜单图标"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      </CrudProvider>
    </MenuIconsProvider>
  );
}

describe('the icon field', () => {
  it('offers every icon the console renders, the features’ too, and sends the picked name', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    render(<Picker onChange={(v) => changes.push(v)} />);
    const trigger = screen.getByRole('combobox', { name: '菜单图标' });
    expect(trigger).toHaveTextContent('map-pin');
    await user.click(trigger);
    const list = await screen.findByRole('listbox');
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toHaveLength(Object.keys(MENU_ICONS).length + 1);
    expect(names).toEqual([...names].sort());
    await user.keyboard('rock');
    await user.click(within(list).getByRole('option', { name: 'rocket' }));
    expect(changes).toEqual(['rocket']);
    expect(trigger).toHaveTextContent('rocket');
  });

  it('clears to the empty name, which is the default icon', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    render(<Picker onChange={(v) => changes.push(v)} />);
    await user.click(screen.getByRole('button', { name: /清除|Clear/ }));
    expect(changes).toEqual(['']);
  });

  it('lists the icon beside its name, and knows which names render', () => {
    render(
      <CrudProvider value={{}}>
        <div data-testid="cell">
          <CrudCell column={{ prop: 'source', label: 'i', type: 'icon' }} row={{ source: 'map-pin' }} />
        </div>
      </CrudProvider>,
    );
    const cell = screen.getByTestId('cell');
    expect(cell).toHaveTextContent('map-pin');
    expect(cell.querySelector('svg')).not.toBeNull();
    expect(hasMenuIcon('map-pin', {})).toBe(true);
    expect(hasMenuIcon('rocket', {})).toBe(false);
    expect(hasMenuIcon('rocket', features)).toBe(true);
    expect(hasMenuIcon('constructor', {})).toBe(false);
  });
});
