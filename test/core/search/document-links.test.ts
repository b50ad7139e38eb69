import { describe, expect, it } from 'vitest';
import { DocumentLinks } from '../../../src/core/search/document-links.ts';

const links = new DocumentLinks([
  { id: 'wallace', title: 'Richard Wallace' },
  { id: 'kiss', title: 'Kiss and Tell (1945 film)' },
  { id: 'report', title: 'annual_report_2018.pdf' },
  { id: 'law', title: '中华人民共和国网络安全法' },
  { id: 'untitled', title: '' },
]);

describe('DocumentLinks', () => {
  it('finds a title said whole, with the words it was named by', () => {
    expect(links.namedIn('The film was directed by Richard Wallace in 1945.')).toEqual([{ id: 'wallace', words: ['richard', 'wallace'] }]);
  });

  it('does not take part of a title for the title', () => {
    expect(links.namedIn('Wallace directed it; Richard produced it.')).toEqual([]);
  });

  it('reads a title without its trailing parenthesis, and each document once, in the order said', () => {
    const named = links.namedIn('Richard Wallace made Kiss and Tell. Kiss and Tell starred Shirley Temple; Richard Wallace directed.');
    expect(named.map((d) => d.id)).toEqual(['wallace', 'kiss']);
  });

  it('reads a file name without its extension', () => {
    expect(links.namedIn('See annual report 2018 for the figures.').map((d) => d.id)).toEqual(['report']);
  });

  it('finds a Chinese title inside a sentence with no spaces', () => {
    expect(links.namedIn('依照《中华人民共和国网络安全法》的规定执行。').map((d) => d.id)).toEqual(['law']);
  });
});
