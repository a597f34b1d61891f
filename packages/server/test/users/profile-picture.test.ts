/** Users through HTTP: profile pictures, uploaded, served back, sized and typed. */
import { describe, expect, it } from 'vitest';
import { call, type Session } from '../helpers/api';
import { createUser } from '../helpers/factories';
import { multipartFile, pngBytes } from '../helpers/files';
import {
  type ErrorBody,
  type UserBody,
  admin,
  adminSession,
  agent,
  agentSession,
  expectNoSecrets,
  other,
  setUpUsers,
  t,
} from './users-setup';

setUpUsers();

describe('POST /v2/api/users/profile-picture', () => {
  const upload = (
    session: Session,
    url: string,
    bytes: Buffer,
    options: Parameters<typeof multipartFile>[1] = {},
  ) => {
    const { payload, headers } = multipartFile(bytes, options);
    return call(t.app, session, { method: 'POST', url, body: payload, headers });
  };

  it('sets one’s own picture, served back at profilePicUrl with the same bytes, image/png and nosniff', async () => {
    const png = pngBytes(3, 2);
    const response = await upload(agentSession, '/v2/api/users/profile-picture', png);
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<UserBody>();
    expect(user.id).toBe(agent.id);
    expect(user.profilePicUrl).toEqual(expect.any(String));
    expectNoSecrets(response);

    const picture = await t.app.inject({ method: 'GET', url: user.profilePicUrl ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(picture.rawPayload, png)).toBe(0);

    const me = await call(t.app, agentSession, {
      url: `/v2/api/users/by-user-name?userName=${agent.username}`,
    });
    expect(me.json<UserBody>().profilePicUrl).toBe(user.profilePicUrl);
  });

  it('accepts a picture over the 1 MB body limit but within 5 MB', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const response = await upload(agentSession, '/v2/api/users/profile-picture', big);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lets an administrator set another user’s picture by id', async () => {
    const png = pngBytes(1, 1, [1, 2, 3]);
    const response = await upload(adminSession, `/v2/api/users/profile-picture/${agent.id}`, png);
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<UserBody>();
    expect(user.id).toBe(agent.id);
    const picture = await t.app.inject({ method: 'GET', url: user.profilePicUrl ?? '' });
    expect(Buffer.compare(picture.rawPayload, png)).toBe(0);
  });

  it('refuses a text file named .png (415) and a file over 5 MB (413)', async () => {
    const text = await upload(
      agentSession,
      '/v2/api/users/profile-picture',
      Buffer.from('just some text, not an image\n'),
      {
        filename: 'fake.png',
      },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json<ErrorBody>().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const tooLarge = await upload(agentSession, '/v2/api/users/profile-picture', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ErrorBody>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a request without a file part (400)', async () => {
    const wrongField = await upload(agentSession, '/v2/api/users/profile-picture', pngBytes(), {
      field: 'picture',
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await call(t.app, agentSession, {
      method: 'POST',
      url: '/v2/api/users/profile-picture',
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 404 for another store’s user id, and 403 to a standard user addressing another by id', async () => {
    const stranger = await createUser(t.db, other.tenantId);
    const foreign = await upload(adminSession, `/v2/api/users/profile-picture/${stranger.id}`, pngBytes());
    expect(foreign.statusCode).toBe(404);
    const standard = await upload(agentSession, `/v2/api/users/profile-picture/${admin.id}`, pngBytes());
    expect(standard.statusCode).toBe(403);
  });

  it('answers 404 for a picture that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/public/profile-pictures/${'a'.repeat(64)}.png`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('NOT_FOUND');
  });
});
