"""Affiliations written in Chinese, as papers in Chinese (`ctexart`) print them: found under
their Chinese names in the gazetteer and labelled `English(中文)` like any other, however
the department is glued on and whatever the punctuation."""

from __future__ import annotations

from monitor import chinese_names
from monitor.affiliations import Gazetteer
from tests.test_affiliation_shapes import _source_labels

_PAPER = (
    "\\documentclass{{ctexart}}\n\\title{{大规模分布式训练}}\n"
    "\\author{{张三$^{{1}}$ \\quad 李四$^{{2}}$\\\\\n{lines}}}\n"
    "\\begin{{document}}\\maketitle\n\\begin{{abstract}}摘要。\\end{{abstract}}\n"
)


def test_a_chinese_author_block_is_labelled_in_english(places: Gazetteer) -> None:
    lines = (
        "$^{1}$清华大学计算机科学与技术系，北京 100084\\\\\n"
        "$^{2}$中国科学院计算技术研究所，北京 100190"
    )
    assert _source_labels(_PAPER.format(lines=lines), places) == [
        "Tsinghua University(清华大学)",
        "Institute of Computing Technology, Chinese Academy of Sciences(中国科学院计算技术研究所)",
    ]


def test_chinese_names_in_lists_and_unknown_companies(places: Gazetteer) -> None:
    assert places.labels(["北京大学，北京；微软亚洲研究院，北京"]) == [
        "Peking University(北京大学)",
        "Microsoft Research Asia(微软亚洲研究院)",
    ]
    assert places.labels(["上海交通大学 电子信息与电气工程学院，上海"]) == [
        "Shanghai Jiao Tong University(上海交通大学)"
    ]
    # a company the gazetteer knows under its short Chinese name; one it does not, as written
    assert places.labels(["华为技术有限公司，深圳"]) == ["Huawei(华为)"]
    assert places.labels(["杭州某某科技有限公司，杭州 310000"]) == ["杭州某某科技有限公司"]
    # homonyms in English are two names in Chinese
    assert places.labels(["美国东北大学"]) == ["Northeastern University(美国东北大学)"]


def test_the_longest_known_name_is_read_first() -> None:
    names = {"中国科学院", "中国科学院计算技术研究所", "北京大学"}
    inside = chinese_names.names_inside("中国科学院计算技术研究所、北京大学", names)
    assert inside == ["中国科学院计算技术研究所", "北京大学"]
    assert chinese_names.latin_punctuation("北京大学，北京；上海") == "北京大学, 北京; 上海"
    assert chinese_names.latin_punctuation("Tsinghua University, Beijing") == (
        "Tsinghua University, Beijing"
    )
