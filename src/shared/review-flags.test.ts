import { describe, expect, it } from 'vitest';
import { reviewFlags } from './review-flags.js';

describe('review flags', () => {
  it.each([
    'Cheaper at https://rival-parts.com/brakes',
    'see http://example.net',
    'Order from www.brakesdirect.co.uk instead',
    'Better pads at rival-parts.com, trust me',
    'Visit SHOP.RIVAL.IO today',
  ])('flags the link in %j', (text) => {
    expect(reviewFlags(text)).toEqual(['link']);
  });

  it.each([
    'Call me on 555-0199 for a discount',
    'Phone (555) 123-4567 before noon',
    'text 555 123 4567',
    'ring 555.123.4567',
    'WhatsApp +44 20 7946 0958',
    'Call +1-555-123-4567 now',
  ])('flags the phone number in %j', (text) => {
    expect(reviewFlags(text)).toEqual(['phone']);
  });

  it.each([
    'Part 45-0123 fit my 2012 Civic perfectly',
    'Fits 2010-2014 models, and 2015 2016 too',
    'Paid $1,299.99 for the set, worth it',
    'Replaces OE 04465-33450.',
    'Works fine.Installed in 20 minutes, 5.0 stars, e.g. quiet at 120 km/h',
    'Torque to 85 ft-lb; 3 of 4 bolts',
  ])('flags nothing in %j', (text) => {
    expect(reviewFlags(text)).toEqual([]);
  });

  it('reads the title as well as the comment, link before phone', () => {
    expect(reviewFlags('Call 555-0199', 'or buy at rival-parts.com')).toEqual(['link', 'phone']);
  });
});
