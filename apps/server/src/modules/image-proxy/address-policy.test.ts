import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicAddressPolicy } from './address-policy.js';

describe('the image proxy reaches only public addresses', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network"'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback, end of the block'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private, end of the block'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private, end of the block'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT, end of the block'],
    ['169.254.169.254', 'link-local: cloud metadata'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('refuses IPv4 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback, written out'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local, end of fe80::/10'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata address'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254'],
  ])('refuses IPv6 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['', 'localhost', 'example.com', '1.2.3', '1.2.3.4.5', '256.1.1.1', '::g', '[::1]', '2130706433'])(
    'refuses what is no IP address: %j',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255', // just below 10/8
    '11.0.0.0', // just above 10/8
    '100.63.255.255', // just below 100.64/10
    '100.128.0.0', // just above it
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above it
    '169.253.255.255',
    '192.167.255.255',
    '223.255.255.255', // the last unicast address before multicast
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888', // 2001:4860 lies outside 2001::/23
    '::ffff:8.8.8.8', // IPv4-mapped public
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('ignores the port', () => {
    expect(publicAddressPolicy('93.184.215.14', 8080)).toBe(true);
    expect(publicAddressPolicy('127.0.0.1', 443)).toBe(false);
  });
});
