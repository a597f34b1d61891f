import { expect, type Locator, type Page } from '@playwright/test';

/** /settings/forms-and-lists: a store administrator's case form, list columns, statuses and menu. */
export class FormsAndListsPage {
  readonly dialog: Locator;
  readonly preview: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
    this.preview = page.getByTestId('form-preview');
    this.save = page.getByRole('button', { name: 'Save', exact: true });
  }

  /** Opens the screen from the side menu's settings group. */
  async open() {
    await this.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Forms and lists' })
      .click();
    await expect(this.page.getByRole('heading', { name: 'Forms and lists', level: 1 })).toBeVisible();
  }

  async tab(name: 'Case form' | 'List columns' | 'Statuses' | 'Menu') {
    await this.page.getByRole('tab', { name }).click();
  }

  group(key: string): Locator {
    return this.page.getByTestId(`editor-group-${key}`);
  }

  /** The names of a group's fields, in the editor's order. */
  async fieldNames(groupKey: string): Promise<string[]> {
    return this.group(groupKey).locator('[data-testid^="sortable-"] p').allInnerTexts();
  }

  /** Drags a row by its handle onto another row (the pointer, as a person drags). */
  async drag(name: string, ontoName: string) {
    const handle = this.page.getByRole('button', { name: `Drag ${name}`, exact: true });
    const target = this.page.getByRole('button', { name: `Drag ${ontoName}`, exact: true });
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('The rows to drag are not on screen');
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await this.page.mouse.up();
  }

  /** Picks an option of a select in the dialog. */
  async choose(label: string | RegExp, option: string) {
    await this.dialog
      .getByRole('textbox', { name: label })
      .or(this.dialog.getByRole('combobox', { name: label }))
      .click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}
