import { describe, expect, it } from 'vitest';
import {
  ALL_FEATURES_ON,
  DEFAULT_FEATURES,
  DEFAULT_MENU_CONFIG,
  type TMenuConfig,
} from '@claimdesk/contracts';
import { canSee, defaultWorkflow, postLoginWorkflow, visibleMenu } from '../menu-rules';

const FIRST: TMenuConfig[number] = {
  key: 'a',
  label: 'A',
  workFlow: 'alpha',
  sub: [{ key: 'a1', label: 'A1', workFlow: 'alpha-open' }],
};
const MENU: TMenuConfig = [
  FIRST,
  {
    key: 'b',
    label: 'B',
    workFlow: 'beta',
    sub: [
      { key: 'b1', label: 'B1' },
      { key: 'b2', label: 'B2', workFlow: 'beta-two' },
    ],
  },
];

describe('menu rules (source, sections 2 and 6)', () => {
  it('after sign-in takes the first sub-item workflow, else the first item, else claim', () => {
    expect(postLoginWorkflow(MENU)).toBe('alpha-open');
    expect(postLoginWorkflow([{ key: 'x', label: 'X', workFlow: 'solo' }])).toBe('solo');
    expect(postLoginWorkflow([])).toBe('claim');
  });

  it('the empty path takes the second item’s second sub-item, else the item, else claim', () => {
    expect(defaultWorkflow(MENU)).toBe('beta-two');
    expect(defaultWorkflow([FIRST, { key: 'c', label: 'C', workFlow: 'gamma' }])).toBe('gamma');
    expect(defaultWorkflow([FIRST])).toBe('claim');
  });

  it('hides the support workflow without the supportClaim feature', () => {
    expect(visibleMenu(DEFAULT_MENU_CONFIG, DEFAULT_FEATURES, []).map((i) => i.key)).toEqual(['claim']);
    expect(visibleMenu(DEFAULT_MENU_CONFIG, ALL_FEATURES_ON, []).map((i) => i.key)).toEqual([
      'claim',
      'support',
    ]);
  });

  it('gates the fixed entries by role', () => {
    // Issue 35.6: every staff member has a dashboard (agents their desk), external accounts none.
    expect(canSee('dashboard', ['STANDARD_USER'])).toBe(true);
    expect(canSee('dashboard', ['MANAGER_USER'])).toBe(true);
    expect(canSee('dashboard', ['EXT_USER'])).toBe(false);
    expect(canSee('dashboard', ['SUPPER_ADMIN_USER'])).toBe(true);
    expect(canSee('mail-config', ['SUPER_ADMIN_USER'])).toBe(false);
    expect(canSee('mail-templates', ['ADMIN_USER'])).toBe(true);
    expect(canSee('store-configs', ['ADMIN_USER'])).toBe(false);
    expect(canSee('store-configs', ['SUPPER_ADMIN_USER'])).toBe(true);
    // The everyday documents through forms: the store's own administrators (issue 35.5).
    expect(canSee('forms-and-lists', ['ADMIN_USER'])).toBe(true);
    expect(canSee('forms-and-lists', ['STANDARD_USER'])).toBe(false);
    expect(canSee('forms-and-lists', ['MANAGER_USER'])).toBe(false);
    expect(canSee('users', ['SUPER_ADMIN_USER'])).toBe(true);
    expect(canSee('users', ['MANAGER_USER'])).toBe(false);
    expect(canSee('suppliers', ['ADMIN_USER'])).toBe(true);
  });
});
