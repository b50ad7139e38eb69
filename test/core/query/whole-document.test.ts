import { describe, expect, it } from 'vitest';
import { asksForWhole } from '../../../src/core/query/whole-document.ts';

describe('questions about a whole document', () => {
  it.each([
    'What is this book about, from beginning to end?',
    'What is this report about?',
    "What's the document about",
    'Summarize chapter 3',
    'Please summarise these files.',
    'Give me an overview of the contract',
    'What are the key points of this paper?',
    'What does this law cover?',
    '这部法律主要规定了什么？',
    '这份文件讲了什么？',
    '请总结第三章',
    '这篇文章的主要内容是什么？',
    '概括一下这本书',
  ])('takes "%s" as asking for the whole', (question) => {
    expect(asksForWhole(question)).toBe(true);
  });

  it.each([
    'What does this law say about fines?',
    'What is the penalty for late filing?',
    'Who wrote this book?',
    'What is the report about revenue in 2022 saying about margins?',
    'Where was the director of Kiss and Tell born?',
    '数据处理者应当履行哪些数据安全保护义务？',
    '这部法律关于罚款规定了什么？',
    '',
  ])('takes "%s" as a question about a detail', (question) => {
    expect(asksForWhole(question)).toBe(false);
  });
});
