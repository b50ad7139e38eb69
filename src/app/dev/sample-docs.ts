/**
 * Sample documents for the fake client, written for it: one Chinese regulation-style text, one
 * English field guide with pages, so both languages, headings and page numbers can be seen.
 */
import type { BlockKind } from '../../protocol/vocabulary.ts';

export interface SampleBlock {
  kind: BlockKind;
  text: string;
  level?: number;
  page?: number;
}

export interface SampleDoc {
  name: string;
  mime: string;
  language: 'zh' | 'en';
  title: string;
  blocks: SampleBlock[];
  pageCount?: number;
}

const h = (level: number, text: string, page?: number): SampleBlock => ({ kind: 'heading', level, text, page });
const p = (text: string, page?: number): SampleBlock => ({ kind: 'paragraph', text, page });
const li = (text: string, page?: number): SampleBlock => ({ kind: 'list-item', text, page });

export const ZH_DOC: SampleDoc = {
  name: '数据安全管理办法（示例）.md',
  mime: 'text/markdown',
  language: 'zh',
  title: '数据安全管理办法（示例）',
  blocks: [
    h(1, '数据安全管理办法（示例）'),
    h(2, '第一章 总则'),
    p('第一条 为了规范本单位的数据处理活动，保障数据安全，保护个人和组织的合法权益，制定本办法。'),
    p('第二条 本办法所称数据，是指以电子或者其他方式记录的各类信息；数据处理包括数据的收集、存储、使用、加工、传输、提供和公开。'),
    p('第三条 数据安全工作坚持统筹协调、分类分级、权责一致的原则，确保数据处于有效保护和合法利用的状态。'),
    h(2, '第二章 分类分级保护'),
    p('第四条 根据数据在经济社会发展中的重要程度，以及一旦遭到篡改、破坏、泄露或者非法获取、非法利用造成的危害程度，对数据实行分类分级保护。'),
    p('第五条 重要数据的处理者应当明确数据安全负责人和管理机构，落实数据安全保护责任。'),
    li('核心数据：实行更加严格的管理制度。'),
    li('重要数据：制定目录，加强保护。'),
    li('一般数据：按照通用要求进行管理。'),
    h(2, '第三章 风险评估与应急处置'),
    p('第六条 重要数据的处理者应当按照规定定期开展风险评估，并向有关主管部门报送风险评估报告。'),
    p('第七条 风险评估报告应当包括处理的重要数据的种类、数量，开展数据处理活动的情况，面临的数据安全风险及其应对措施等。'),
    p('第八条 发生数据安全事件时，应当立即采取处置措施，按照规定及时告知用户并向有关主管部门报告。'),
    h(2, '第四章 法律责任'),
    p('第九条 违反本办法规定，未履行数据安全保护义务的，由有关主管部门责令改正，给予警告，可以并处罚款。'),
    p('第十条 拒不改正或者造成大量数据泄露等严重后果的，处更高数额的罚款，并可以责令暂停相关业务。'),
  ],
};

export const EN_DOC: SampleDoc = {
  name: 'A Field Guide to Rocky Shores.pdf',
  mime: 'application/pdf',
  language: 'en',
  title: 'A Field Guide to Rocky Shores',
  pageCount: 3,
  blocks: [
    h(1, 'A Field Guide to Rocky Shores', 1),
    h(2, 'Reading the tide', 1),
    p('The intertidal zone is the strip of shore that the sea covers at high tide and uncovers at low tide. Visit about an hour before the lowest tide of the day and you will see the most life while the water is still falling.', 1),
    p('Spring tides, which follow the new and the full moon, reach lower than neap tides and expose the richest pools. A tide table for the nearest port gives the times; local wind and pressure can shift them by a few minutes.', 1),
    h(2, 'Zones of the shore', 2),
    p('Life on a rocky shore is arranged in bands. The splash zone, above the highest tides, is home to lichens and periwinkles that tolerate long dry spells. Below it, barnacles and mussels crowd the upper and middle shore.', 2),
    p('The lower shore, uncovered only at spring tides, holds kelp, sea urchins, brittle stars and anemones that cannot survive long in air.', 2),
    li('Splash zone: lichens, periwinkles.', 2),
    li('Upper and middle shore: barnacles, limpets, mussels.', 2),
    li('Lower shore: kelp, urchins, anemones, brittle stars.', 2),
    h(2, 'Care and safety', 3),
    p('Turn stones back the way you found them: the animals underneath depend on the shade and moisture. Never pull limpets or anemones off the rock.', 3),
    p('Watch the sea rather than the pool. The tide turns quickly, and a rising tide can cut off a return path across a gully long before the rocks near you are wet.', 3),
  ],
};

export const EXTRA_DOC: SampleDoc = {
  name: 'Quarterly operations review.docx',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  language: 'en',
  title: 'Quarterly operations review',
  blocks: [
    h(1, 'Quarterly operations review'),
    p('Warehouse throughput rose by a tenth over the quarter, mostly from the new sorting line.'),
    p('Returns processing remains the slowest step; a second inspection bench is planned.'),
  ],
};
