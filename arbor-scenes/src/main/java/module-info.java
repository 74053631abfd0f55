/** The benchmark and demo scenes as plain parent arrays and rest poses. */
module dev.arbor.scenes {
    exports dev.arbor.scenes;
}
