import { expect } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { RouteDefinition } from '../../lambdas/routes';
import type { AssociationListItem, CreateAssociationsRequest } from '../../shared/schemas/associations';
import type { CustomerResponse, PaymentMethod, Product } from '../../shared/schemas/billing';
import type { Chapter } from '../../shared/schemas/chapter';
import type { Story } from '../../shared/schemas/story';
import type { VersionSummary } from '../../shared/schemas/versions';
import { signIn, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm, png } from '../helpers/images';
import { uploadManuscript } from '../helpers/manuscript-uploads';

/**
 * How to call each route of `lambdas/routes.ts` well-formed, keyed by route, and an author with one of
 * everything to aim the calls at: shared by the isolation matrix and the bad-input fuzzing, which both fail on
 * a route missing here.
 */

/** One of everything an author has, by id. */
export interface AuthorIds {
  storyId: string;
  seriesId: string;
  chapterId: string;
  keyId: string;
  associationId: string;
  /** A named version of the chapter. */
  versionId: string;
  /** A story and a chapter (of the story above) in the trash, restorable. */
  trashedStoryId: string;
  trashedChapterId: string;
  exportJobId: string;
  customerId: string;
  paymentMethodId: string;
  priceId: string;
  /** A manuscript uploaded for an import not yet started (issue 14 §1). */
  uploadId: string;
  /** A reader's link to the story, a note to self on its text and a suggestion (issue 24). */
  shareId: string;
  commentId: string;
  suggestionId: string;
  /** A fact about the association, from the chapter (issue 25 §2). */
  factId: string;
  /** A second association, Grace, and a relationship from Ada to her (issue 25 §3). */
  secondAssociationId: string;
  relationshipId: string;
}

export interface ProbeRequest {
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  file?: { bytes: Uint8Array; name: string; type: string };
}

export interface RouteProbe {
  /** A well-formed request aimed at `target`'s data wherever the route names data; `caller` is who sends it. */
  request(target: AuthorIds, caller: AuthorIds): ProbeRequest;
  /** What another author is answered: 404 for someone else's data, or the spec's status where it has one. */
  intruderStatus: number;
  /** Why a route answers another author something other than 404. */
  because?: string;
}

/** Public routes (no session needed) and what a caller without a session is answered. */
export const publicRoutes: Record<string, { anonymousStatus: number; because: string }> = {
  'GET /auth/{provider}': { anonymousStatus: 302, because: 'starts a sign-in' },
  'GET /auth/{provider}/callback': {
    anonymousStatus: 400,
    because: 'finishes a sign-in; no state, no session',
  },
  'DELETE /auth/logout': { anonymousStatus: 204, because: 'signing out without a session is a no-op' },
  'POST /billing/webhook': { anonymousStatus: 400, because: 'the provider proves itself by its signature' },
};

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const paragraphChunk = (keyId: string, text = 'Taken over') =>
  JSON.stringify({
    type: 'custom-paragraph',
    key_id: keyId,
    format: '',
    indent: 0,
    direction: null,
    children: [{ type: 'text', text, format: 0, style: '', detail: 0 }],
  });

export const probes: Record<string, RouteProbe> = {
  'GET /auth/{provider}': {
    request: () => ({ path: '/auth/google' }),
    intruderStatus: 302,
    because: 'starts a new sign-in for whoever asks',
  },
  'GET /auth/{provider}/callback': {
    request: () => ({ path: '/auth/google/callback?code=stolen&state=stolen' }),
    intruderStatus: 400,
    because: 'a state issued to another browser is refused',
  },
  'DELETE /auth/logout': {
    request: () => ({ path: '/auth/logout' }),
    intruderStatus: 204,
    because: "signs out the caller's own session; run last, the victim's session is checked after",
  },
  'GET /api/user': {
    request: () => ({ path: '/api/user' }),
    intruderStatus: 200,
    because: 'the caller only',
  },
  'PUT /api/user': {
    request: () => ({ path: '/api/user', json: { renewing: true } }),
    intruderStatus: 200,
    because: "the caller's own subscription only",
  },
  'POST /billing/customer': {
    request: () => ({ path: '/billing/customer' }),
    intruderStatus: 200,
    because: "answers the caller's own customer",
  },
  'PUT /billing/customer': {
    request: (v) => ({
      path: '/billing/customer',
      json: { customer_id: v.customerId, payment_method_id: v.paymentMethodId },
    }),
    intruderStatus: 403,
    because: "another author's customer is 'foreign_customer'",
  },
  'GET /billing/customer/payment': {
    request: () => ({ path: '/billing/customer/payment' }),
    intruderStatus: 200,
    because: "the caller's own card",
  },
  'GET /billing/products': {
    request: () => ({ path: '/billing/products' }),
    intruderStatus: 200,
    because: 'public catalogue',
  },
  'POST /billing/subscribe': {
    request: (v) => ({
      path: '/billing/subscribe',
      json: { customer_id: v.customerId, payment_method_id: v.paymentMethodId, price_id: v.priceId },
    }),
    intruderStatus: 403,
    because: "another author's customer is 'foreign_customer'",
  },
  'POST /billing/webhook': {
    request: () => ({ path: '/billing/webhook', json: { type: 'invoice.paid' } }),
    intruderStatus: 400,
    because: 'an unsigned delivery is refused',
  },
  'POST /billing/local/payment-methods': {
    request: () => ({
      path: '/billing/local/payment-methods',
      json: { number: '4242424242424242', expiration_month: 12, expiration_year: 2040, cvc: '123' },
    }),
    intruderStatus: 201,
    because: 'tokenises a card for the caller, touching no stored data',
  },
  'GET /api/stories': {
    request: () => ({ path: '/api/stories' }),
    intruderStatus: 200,
    because: "the caller's list",
  },
  'POST /api/stories': {
    request: (v) => ({
      path: '/api/stories',
      form: { title: 'Cuckoo', description: 'In their nest.', series_id: v.seriesId },
    }),
    intruderStatus: 404,
  },
  'POST /api/stories/import': {
    request: (v) => ({
      path: '/api/stories/import',
      form: { series_id: v.seriesId },
      file: { bytes: Buffer.from('# One\n\nIn their series.\n'), name: 'cuckoo.md', type: 'text/markdown' },
    }),
    intruderStatus: 404,
  },
  'POST /api/stories/import/uploads': {
    request: () => ({ path: '/api/stories/import/uploads', json: { file_name: 'cuckoo.md', size: 24 } }),
    intruderStatus: 201,
    because: "hands out an upload under the caller's own prefix",
  },
  'POST /api/stories/import/uploads/{uploadId}': {
    request: (v) => ({
      path: `/api/stories/import/uploads/${v.uploadId}`,
      json: { file_name: 'cuckoo.md' },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/full': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/full` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/details': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/details`,
      form: { title: 'Hijacked', description: 'Mine.' },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/settings': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/settings` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/settings': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/settings`,
      json: { spellcheck: false, autotab: false },
    }),
    intruderStatus: 404,
  },
  'GET /api/series': {
    request: () => ({ path: '/api/series' }),
    intruderStatus: 200,
    because: "the caller's list",
  },
  'GET /api/series/{seriesId}': {
    request: (v) => ({ path: `/api/series/${v.seriesId}` }),
    intruderStatus: 404,
  },
  'PUT /api/series/{seriesId}': {
    request: (v) => ({
      path: `/api/series/${v.seriesId}`,
      form: { series_title: 'Hijacked', series_description: 'Mine.', stories: '[]' },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/series/{seriesId}': {
    request: (v) => ({ path: `/api/series/${v.seriesId}` }),
    intruderStatus: 404,
  },
  'PUT /api/series/{seriesId}/story/{storyId}': {
    request: (v, i) => ({ path: `/api/series/${i.seriesId}/story/${v.storyId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/chapter': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapter`, json: { title: 'Mine', place: 1 } }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/chapters/{chapterId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapters/${v.chapterId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/chapters/{chapterId}/retry-creation': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapters/${v.chapterId}/retry-creation` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/chapters/{chapterId}': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/chapters/${v.chapterId}`,
      json: { title: 'Hijacked' },
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/chapters': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapters`, json: [{ id: v.chapterId, place: 1 }] }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/chapter/{chapterId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapter/${v.chapterId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/content': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/content?chapter=${v.chapterId}` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}': {
    request: (v, i) => ({
      // Through the intruder's own story: the chapter must still be checked to belong to it.
      path: `/api/stories/${i.storyId}`,
      json: {
        chapter_id: v.chapterId,
        blocks: [{ key_id: v.keyId, chunk: paragraphChunk(v.keyId), place: '0' }],
      },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/block': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/block`,
      json: { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId }] },
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/orderMap': {
    request: (v, i) => ({
      path: `/api/stories/${i.storyId}/orderMap`,
      json: { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId, place: 0 }] },
    }),
    intruderStatus: 404,
  },
  'POST /api/outline': {
    request: (v) => ({ path: '/api/outline', json: { storyID: v.storyId, type: 'fiveAct' } }),
    intruderStatus: 404,
  },
  'PUT /api/outline': {
    request: (v) => ({
      path: '/api/outline',
      json: { storyID: v.storyId, section: { place: 1, text: 'Hijacked', chapters: [v.chapterId] } },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/thumbs': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/thumbs` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/{associationId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/${v.associationId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/book': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/book` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/book': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/book`,
      json: { trim: '5x8', front_matter: { dedication: 'Hijacked' } },
    }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/book/preview': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/book/preview`, json: { format: 'epub' } }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/calendar': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/calendar` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/calendar': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/calendar`,
      json: { months: [{ name: 'Hijacked', days: 10 }] },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/calendar': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/calendar` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/chapters/{chapterId}/time': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/chapters/${v.chapterId}/time`,
      json: { start: { year: 1, month: 1, day: 1 }, flashback: true },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/timeline': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/timeline` }),
    intruderStatus: 404,
  },
  'GET /api/series/{seriesId}/timeline': {
    request: (v) => ({ path: `/api/series/${v.seriesId}/timeline` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/continuity': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/continuity` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/facts': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/facts?as_of=${v.chapterId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/associations/{associationId}/facts': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations/${v.associationId}/facts`,
      json: { label: 'Status', value: 'captured', from_chapter_id: v.chapterId },
    }),
    intruderStatus: 404,
  },
  'PATCH /api/stories/{storyId}/associations/{associationId}/facts/{factId}': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations/${v.associationId}/facts/${v.factId}`,
      json: { value: 'hijacked' },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/associations/{associationId}/facts/{factId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/${v.associationId}/facts/${v.factId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/associations': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations`,
      json: [{ association_name: 'Spy', association_type: 'character' }] satisfies CreateAssociationsRequest,
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/associations': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations`,
      json: [{ association_id: v.associationId, association_name: 'Hijacked' }],
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/associations': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations`,
      json: [{ association_id: v.associationId }],
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/associations/{associationId}/upload': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations/${v.associationId}/upload?type=character`,
      form: {},
      file: { bytes: ONE_PIXEL_PNG, name: 'face.png', type: 'image/png' },
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/export': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/export?type=pdf`, json: { layout: 'manuscript' } }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/export/{jobId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/export/${v.exportJobId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/{associationId}/appearances': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/${v.associationId}/appearances` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/associations/{associationId}/rename': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations/${v.associationId}/rename`,
      json: { association_name: 'Hijacked', replace_in_text: true },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/suggestions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/suggestions` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/mentions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/mentions` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/chapters/{chapterId}/versions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapters/${v.chapterId}/versions` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/chapters/{chapterId}/versions': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/chapters/${v.chapterId}/versions`,
      json: { name: 'Planted' },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/chapters/{chapterId}/versions/{versionId}': {
    request: (v, i) => ({
      // Through the intruder's own chapter: the version must still be checked to belong to it.
      path: `/api/stories/${i.storyId}/chapters/${i.chapterId}/versions/${v.versionId}`,
    }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/chapters/{chapterId}/versions/{versionId}/restore': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/chapters/${v.chapterId}/versions/${v.versionId}/restore`,
    }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/associations/{associationId}/share': {
    request: (v, i) => ({
      // Through the intruder's own volume: the association must still be checked to belong to it.
      path: `/api/stories/${i.storyId}/associations/${v.associationId}/share`,
    }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/associations/{associationId}/unshare': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/${v.associationId}/unshare` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/search': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/search?q=Ada&case_sensitive=false&whole_word=true` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/replace': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/replace`,
      json: { find: 'Ada', replace: 'Hijacked', case_sensitive: false, whole_word: true },
    }),
    intruderStatus: 404,
  },
  'GET /api/trash': {
    request: () => ({ path: '/api/trash' }),
    intruderStatus: 200,
    because: "the caller's own trash",
  },
  'POST /api/trash/stories/{storyId}/restore': {
    request: (v) => ({ path: `/api/trash/stories/${v.trashedStoryId}/restore` }),
    intruderStatus: 404,
  },
  'POST /api/trash/stories/{storyId}/chapters/{chapterId}/restore': {
    request: (v, i) => ({
      // Into the intruder's own story: the trashed chapter must still be checked to be the caller's.
      path: `/api/trash/stories/${i.storyId}/chapters/${v.trashedChapterId}/restore`,
    }),
    intruderStatus: 404,
  },
  'POST /api/user/download': {
    request: () => ({ path: '/api/user/download' }),
    intruderStatus: 200,
    because: "a zip of the caller's own stories",
  },
  'POST /api/user/delete': {
    // Never the caller's own email: the probes must not delete the author they are sent as.
    request: () => ({ path: '/api/user/delete', json: { email: 'not-this-account@example.com' } }),
    intruderStatus: 400,
    because: "deletes only the caller's own account, confirmed by its email; any other email is refused",
  },
  'GET /api/user/progress': {
    request: () => ({ path: '/api/user/progress?days=30' }),
    intruderStatus: 200,
    because: "the caller's own words per day",
  },
  'GET /api/stories/{storyId}/progress': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/progress` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/shares': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/shares`, json: { role: 'editor' } }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/shares': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/shares` }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/shares/{shareId}': {
    request: (v, i) => ({
      // Through the intruder's own story: the link must still be checked to belong to it.
      path: `/api/stories/${i.storyId}/shares/${v.shareId}`,
    }),
    intruderStatus: 404,
  },
  'POST /api/shares/{shareId}/join': {
    // A link is for whoever holds it: joining another author's link is the link's purpose, and the sharing
    // suite tests it. Here the caller opens their own link, which joins nothing and changes nothing.
    request: (_v, i) => ({ path: `/api/shares/${i.shareId}/join` }),
    intruderStatus: 200,
    because: "a share link is for whoever holds it; here the caller's own, which joins nothing",
  },
  'GET /api/shared': {
    request: () => ({ path: '/api/shared' }),
    intruderStatus: 200,
    because: 'the stories shared with the caller',
  },
  'PUT /api/stories/{storyId}/reading-position': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/reading-position`,
      json: { chapter_id: v.chapterId, key_id: v.keyId },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/reading-positions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/reading-positions` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/comments': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/comments`,
      json: { chapter_id: v.chapterId, anchor: adaAnchor(v.keyId), body: 'Planted.' },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/comments': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/comments?chapter=${v.chapterId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/comments/import': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/comments/import`,
      form: {},
      file: { bytes: Buffer.from('PK'), name: 'notes.docx', type: DOCX_TYPE },
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/comments/seen': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/comments/seen` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/comments/{commentId}/replies': {
    request: (v, i) => ({
      // Through the intruder's own story: the thread must still be checked to belong to it.
      path: `/api/stories/${i.storyId}/comments/${v.commentId}/replies`,
      json: { body: 'Planted.' },
    }),
    intruderStatus: 404,
  },
  'PATCH /api/stories/{storyId}/comments/{commentId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/comments/${v.commentId}`, json: { resolved: true } }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/comments/{commentId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/comments/${v.commentId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/suggestions': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/suggestions`,
      json: { chapter_id: v.chapterId, anchor: adaAnchor(v.keyId), replacement: 'Hijacked' },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/suggestions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/suggestions?chapter=${v.chapterId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/suggestions/{suggestionId}/{decision}': {
    request: (v, i) => ({ path: `/api/stories/${i.storyId}/suggestions/${v.suggestionId}/reject` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/relationships': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/relationships`,
      json: {
        from: v.associationId,
        to: v.secondAssociationId,
        label: 'planted',
        from_chapter_id: v.chapterId,
      },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/relationships': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/relationships?as_of=${v.chapterId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/relationships/suggestions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/relationships/suggestions` }),
    intruderStatus: 404,
  },
  'PATCH /api/stories/{storyId}/relationships/{relationshipId}': {
    request: (v, i) => ({
      // Through the intruder's own story: the relationship must still be checked to belong to it.
      path: `/api/stories/${i.storyId}/relationships/${v.relationshipId}`,
      json: { label: 'hijacked' },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/relationships/{relationshipId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/relationships/${v.relationshipId}` }),
    intruderStatus: 404,
  },
};

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The anchor of 'Ada' in the paragraph every probed author has ('Ada opened the door.'). */
function adaAnchor(keyId: string) {
  return { key_id: keyId, exact: 'Ada', prefix: '', suffix: ' opened the door.', start: 0, end: 3 };
}

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

export function sendProbe(browser: TestBrowser, method: string, request: ProbeRequest): Promise<Response> {
  if (request.form) {
    return browser.fetch(request.path, { method, body: multipartForm(request.form, request.file) });
  }
  return browser.sendJson(method, request.path, request.json);
}

async function answer<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Card, customer, default card and subscription, through the local payment provider's API. */
async function subscribe(browser: TestBrowser) {
  const card = await answer<PaymentMethod>(
    await browser.sendJson('POST', '/billing/local/payment-methods', {
      number: '4242 4242 4242 4242',
      expiration_month: 12,
      expiration_year: 2040,
      cvc: '123',
    }),
    201,
  );
  const customer = await answer<CustomerResponse>(await browser.sendJson('POST', '/billing/customer'), 200);
  const [product] = await answer<Product[]>(await browser.fetch('/billing/products'), 200);
  await answer(
    await browser.sendJson('POST', '/billing/subscribe', {
      payment_method_id: card.id,
      customer_id: customer.id,
      price_id: product!.price_id,
    }),
    200,
  );
  return { customerId: customer.id, paymentMethodId: card.id, priceId: product!.price_id };
}

async function createStory(browser: TestBrowser, fields: Record<string, string>): Promise<Story> {
  const response = await browser.fetch('/api/stories', {
    method: 'POST',
    body: multipartForm(fields, { bytes: await png(), name: 'cover.png', type: 'image/png' }),
  });
  return answer<Story>(response, 201);
}

/**
 * A subscribed author with a series of two stories, a chapter with a paragraph (naming Ada) and a named version, an
 * association, an outline, a story and a chapter in the trash, and an export job, all made through the API (the job through its repository: a real export may finish
 * before its id is answered).
 */
export async function signInWithOneOfEverything(
  runtime: EmbeddedRuntime,
  email: string,
): Promise<{ browser: TestBrowser; ids: AuthorIds }> {
  const browser = await signIn(runtime, email, email.split('@')[0]);
  const billing = await subscribe(browser);
  const story = await createStory(browser, { title: 'Private', description: 'Mine.', series_title: 'Saga' });
  await createStory(browser, {
    title: 'Private Two',
    description: 'Also mine.',
    series_id: story.series_id!,
  });
  const chapterId = story.chapters![0]!.id;
  const content = (await (
    await browser.fetch(`/api/stories/${story.story_id}/content?chapter=${chapterId}`)
  ).json()) as { items: { key_id: { Value: string } }[] };
  await answer(
    await browser.sendJson('POST', `/api/stories/${story.story_id}/associations`, [
      { association_name: 'Ada', association_type: 'character' },
      { association_name: 'Grace', association_type: 'character' },
    ]),
    201,
  );
  const [association, friend] = await answer<AssociationListItem[]>(
    await browser.fetch(`/api/stories/${story.story_id}/associations/thumbs`),
    200,
  );
  await answer(
    await browser.sendJson('POST', '/api/outline', { storyID: story.story_id, type: 'threeAct' }),
    201,
  );
  const keyId = content.items[0]!.key_id.Value;
  // Text for the search and the replace to find, kept in the named version below.
  const saved = await browser.sendJson('PUT', `/api/stories/${story.story_id}`, {
    chapter_id: chapterId,
    blocks: [{ key_id: keyId, chunk: paragraphChunk(keyId, 'Ada opened the door.'), place: '0' }],
  });
  expect(saved.status, await saved.text()).toBe(204);
  const version = await answer<VersionSummary>(
    await browser.sendJson('POST', `/api/stories/${story.story_id}/chapters/${chapterId}/versions`, {
      name: 'First draft',
    }),
    201,
  );
  const discarded = await createStory(browser, { title: 'Discarded', description: 'Thrown away.' });
  expect((await browser.sendJson('DELETE', `/api/stories/${discarded.story_id}`)).status).toBe(204);
  const cut = await answer<Chapter>(
    await browser.sendJson('POST', `/api/stories/${story.story_id}/chapter`, { title: 'Cut', place: 2 }),
    201,
  );
  await runtime.queue.drain();
  expect((await browser.sendJson('DELETE', `/api/stories/${story.story_id}/chapter/${cut.id}`)).status).toBe(
    204,
  );
  const upload = await uploadManuscript(browser, {
    bytes: Buffer.from('# One\n\nNot imported yet.\n'),
    name: 'waiting.md',
  });
  const share = await answer<{ share_id: string }>(
    await browser.sendJson('POST', `/api/stories/${story.story_id}/shares`, { role: 'reader' }),
    201,
  );
  const comment = await answer<{ comment_id: string }>(
    await browser.sendJson('POST', `/api/stories/${story.story_id}/comments`, {
      chapter_id: chapterId,
      anchor: adaAnchor(keyId),
      body: 'A note to self.',
    }),
    201,
  );
  const suggestion = await answer<{ suggestion_id: string }>(
    await browser.sendJson('POST', `/api/stories/${story.story_id}/suggestions`, {
      chapter_id: chapterId,
      anchor: adaAnchor(keyId),
      replacement: 'Grace',
    }),
    201,
  );
  const fact = await answer<{ fact_id: string }>(
    await browser.sendJson(
      'POST',
      `/api/stories/${story.story_id}/associations/${association!.association_id}/facts`,
      {
        label: 'Age',
        value: '17',
        from_chapter_id: chapterId,
      },
    ),
    201,
  );
  const relationship = await answer<{ relationship_id: string }>(
    await browser.sendJson('POST', `/api/stories/${story.story_id}/relationships`, {
      from: association!.association_id,
      to: friend!.association_id,
      label: 'mentor of',
    }),
    201,
  );
  // Story time (issue 25 §1): the series' own calendar, and the chapter dated in it.
  await answer(
    await browser.sendJson('PUT', `/api/stories/${story.story_id}/calendar`, {
      months: [
        { name: 'Frost', days: 40 },
        { name: 'Thaw', days: 30 },
      ],
      epoch_name: 'AE',
    }),
    200,
  );
  await answer(
    await browser.sendJson('PUT', `/api/stories/${story.story_id}/chapters/${chapterId}/time`, {
      start: { year: 12, month: 2, day: 3 },
    }),
    200,
  );
  const exportJobId = `job-${story.story_id}`;
  const now = new Date().toISOString();
  await runtime.ports.repositories.exportJobs.create(
    {
      job_id: exportJobId,
      story_id: story.story_id,
      type: 'pdf',
      layout: 'manuscript',
      status: 'running',
      created_at: now,
      updated_at: now,
    },
    new Date(Date.now() + 86_400_000),
  );
  return {
    browser,
    ids: {
      storyId: story.story_id,
      seriesId: story.series_id!,
      chapterId,
      keyId,
      associationId: association!.association_id,
      versionId: version.version_id,
      trashedStoryId: discarded.story_id,
      trashedChapterId: cut.id,
      exportJobId,
      uploadId: upload.upload_id,
      shareId: share.share_id,
      commentId: comment.comment_id,
      suggestionId: suggestion.suggestion_id,
      factId: fact.fact_id,
      secondAssociationId: friend!.association_id,
      relationshipId: relationship.relationship_id,
      ...billing,
    },
  };
}

/** Everything of an author's that the API shows them, to compare before and after what others send. */
export async function authorData(browser: TestBrowser, ids: AuthorIds) {
  const read = async (path: string) => {
    const response = await browser.fetch(path);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const { storyId, seriesId, chapterId, associationId, versionId, exportJobId } = ids;
  return {
    user: await read('/api/user'),
    card: await read('/billing/customer/payment'),
    stories: await read('/api/stories'),
    seriesList: await read('/api/series'),
    series: await read(`/api/series/${seriesId}`),
    story: await read(`/api/stories/${storyId}`),
    full: await read(`/api/stories/${storyId}/full`),
    settings: await read(`/api/stories/${storyId}/settings`),
    thumbs: await read(`/api/stories/${storyId}/associations/thumbs`),
    association: await read(`/api/stories/${storyId}/associations/${associationId}`),
    facts: await read(`/api/stories/${storyId}/facts`),
    content: await read(`/api/stories/${storyId}/content?chapter=${chapterId}`),
    versions: await read(`/api/stories/${storyId}/chapters/${chapterId}/versions`),
    version: await read(`/api/stories/${storyId}/chapters/${chapterId}/versions/${versionId}`),
    trash: await read('/api/trash'),
    shares: await read(`/api/stories/${storyId}/shares`),
    comments: await read(`/api/stories/${storyId}/comments?chapter=${chapterId}`),
    suggestions: await read(`/api/stories/${storyId}/suggestions?chapter=${chapterId}`),
    readingPositions: await read(`/api/stories/${storyId}/reading-positions`),
    relationships: await read(`/api/stories/${storyId}/relationships`),
    calendar: await read(`/api/stories/${storyId}/calendar`),
    timeline: await read(`/api/stories/${storyId}/timeline`),
    exportJob: (await browser.fetch(`/api/stories/${storyId}/export/${exportJobId}`)).status,
  };
}
